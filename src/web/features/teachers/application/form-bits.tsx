import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from "react";
import { Controller, type FieldPath } from "react-hook-form";
import type { TeacherApplicationInput } from "../../../../shared/teachers/application.schemas";
import { Choice } from "../../../components/ui/choice";
import { cn } from "../../../lib/cn";
import type { ApplicationForm } from "./use-application-form";

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextArea(
  { className, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={3}
      className={cn(
        "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500",
        "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-500",
        className,
      )}
      {...props}
    />
  );
});

/** A field-level message for a group of choices (checkboxes or radios). */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

type BooleanPath = Extract<
  FieldPath<TeacherApplicationInput>,
  "teaching.hasTransportation" | "teaching.videoConferenceExperience" | "screening.priorComplaints" | "screening.canProvideReferences"
>;

/** A yes/no question as two radios bound to a boolean field. */
export function YesNo({ form, name, legend, hint }: { form: ApplicationForm; name: BooleanPath; legend: string; hint?: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <div className="flex gap-6">
            <Choice type="radio" name={field.name} label="Yes" checked={field.value === true} onChange={() => field.onChange(true)} />
            <Choice type="radio" name={field.name} label="No" checked={field.value === false} onChange={() => field.onChange(false)} />
          </div>
        )}
      />
    </fieldset>
  );
}
