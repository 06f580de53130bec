import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "../../../lib/cn";

/** aria props for a control whose Field shows `error`. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** A card of the settings page with its own heading. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  );
}

/** Checkboxes or radios sharing one form field, as tappable tiles, with the field's error below. */
export function ChoiceGroup({
  id,
  legend,
  options,
  registration,
  error,
  type = "checkbox",
  columns = "sm:grid-cols-2",
}: {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error: string | undefined;
  type?: "checkbox" | "radio";
  columns?: string;
}) {
  return (
    <fieldset {...(error ? { "aria-describedby": `${id}-error` } : {})}>
      <legend className="mb-2 block text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn("grid grid-cols-2 gap-2", columns)}>
        {options.map((option) => {
          const optionId = `${id}-${option.value.replaceAll(/[^A-Za-z0-9]+/g, "-").toLowerCase()}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input id={optionId} type={type} value={option.value} className="size-4 shrink-0 accent-brand-600" {...registration} />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
