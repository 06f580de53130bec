import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from "react-hook-form";
import { AppError } from "../../../shared/errors";
import { STUDENT_INTERESTS } from "../../../shared/students/students.constants";
import { cn } from "../../lib/cn";

/** aria props for a control whose Field shows `error`. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/**
 * The first message of a field's errors. A list edited as text can fail on one item
 * ("learningGoals.3"), which react-hook-form nests under the field.
 */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref") continue;
    const nested = errorText(value);
    if (nested) return nested;
  }
  return undefined;
}

/** Puts the server's field messages ("interests.0" → interests) beside the form's fields. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof AppError) || !error.fields) return;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = path.split(".")[0] as Path<T>;
    if (fields.includes(field)) setError(field, { type: "server", message });
  }
}

/** The interests checkboxes (spec: "interests from checkboxes"); `register` is the form's "interests". */
export function InterestCheckboxes({
  idPrefix,
  registration,
  error,
}: {
  idPrefix: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <fieldset {...(error ? { "aria-describedby": `${idPrefix}-interests-error` } : {})}>
      <legend className="mb-2 block text-sm font-medium text-slate-800">Interests</legend>
      <div className="grid grid-cols-2 gap-2">
        {STUDENT_INTERESTS.map((interest) => {
          const id = `${idPrefix}-interest-${interest.replaceAll(" ", "-").toLowerCase()}`;
          return (
            <label
              key={interest}
              htmlFor={id}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input id={id} type="checkbox" value={interest} className="size-4 accent-brand-600" {...registration} />
              {interest}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${idPrefix}-interests-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Chip({ children, tone = "brand" }: { children: ReactNode; tone?: "brand" | "slate" | "amber" }) {
  const tones = {
    brand: "bg-brand-50 text-brand-800 ring-brand-100",
    slate: "bg-slate-100 text-slate-700 ring-slate-200",
    amber: "bg-amber-50 text-amber-800 ring-amber-200",
  } as const;
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", tones[tone])}>{children}</span>;
}

/** Initials in a coloured circle, in place of a photo (students have none). */
export function StudentAvatar({ firstName, lastName, size = "md" }: { firstName: string; lastName: string; size?: "md" | "lg" }) {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <span
      aria-hidden
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800",
        size === "lg" ? "size-16 text-xl" : "size-12 text-base",
      )}
    >
      {initials}
    </span>
  );
}
