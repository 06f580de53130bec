import { Controller, type Control } from "react-hook-form";
import type { Role } from "../../../shared/accounts/accounts.constants";
import { ROLE_REQUIRED_MESSAGE, type SignInInput } from "../../../shared/auth/auth.schemas";
import { cn } from "../../lib/cn";

const ROLE_CHOICES: { value: Role; label: string }[] = [
  { value: "teacher", label: "Teacher" },
  { value: "parent", label: "Parent" },
];

/** "I am a Teacher / Parent": Sign In asks for the role first (it decides where the account goes). */
export function RolePicker({ control, role }: { control: Control<SignInInput>; role: Role | undefined }) {
  return (
  <fieldset>
    <legend className="mb-2 block text-sm font-medium text-slate-800">I am a</legend>
    <Controller
      control={control}
      name="role"
      render={({ field }) => (
        <div role="radiogroup" aria-label="Role" className="grid grid-cols-2 gap-2">
          {ROLE_CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="button"
              role="radio"
              aria-checked={field.value === choice.value}
              onClick={() => field.onChange(choice.value)}
              className={cn(
                "h-11 rounded-lg border text-sm font-medium transition-colors",
                field.value === choice.value
                  ? "border-brand-600 bg-brand-50 text-brand-800 ring-2 ring-brand-600/30"
                  : "border-slate-300 text-slate-700 hover:bg-slate-50",
              )}
            >
              {choice.label}
            </button>
          ))}
        </div>
      )}
    />
    {!role ? <p className="mt-2 text-sm text-slate-600">{ROLE_REQUIRED_MESSAGE}</p> : null}
  </fieldset>
  );
}
