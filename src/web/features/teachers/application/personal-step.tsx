import { useWatch } from "react-hook-form";
import { US_TIME_ZONES } from "../../../../shared/teachers/application.schemas";
import { US_STATES } from "../../../../shared/teachers/teachers.constants";
import { Field } from "../../../components/ui/field";
import { OptionsSelect } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import type { ApplicationForm } from "./use-application-form";

function ApplicationPassword({ id, form, name }: { id: string; form: ApplicationForm; name: "personal.password" | "personal.confirmPassword" }) {
  return (
    <PasswordInput
      id={id}
      autoComplete="new-password"
      {...form.register(name, {
        // A changed password re-checks a confirmation already typed (and only then).
        onChange: () => {
          if (name === "personal.password" && form.getValues("personal.confirmPassword")) {
            void form.trigger("personal.confirmPassword");
          }
        },
      })}
    />
  );
}

/** Step 1: who the teacher is, how to reach them, where they teach and in which time zone. */
export function PersonalStep({ form }: { form: ApplicationForm }) {
  const errors = form.formState.errors.personal;
  const timeZone = useWatch({ control: form.control, name: "personal.timeZone" });
  // The US zones, plus the browser's own (or the chosen one) when it is not among them.
  const zones: Record<string, string> =
    timeZone && !(timeZone in US_TIME_ZONES) ? { [timeZone]: `${timeZone.replaceAll("_", " ")} (this device)`, ...US_TIME_ZONES } : US_TIME_ZONES;

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ta-first" label="First name" error={errors?.firstName?.message}>
          <Input id="ta-first" autoComplete="given-name" {...form.register("personal.firstName")} />
        </Field>
        <Field id="ta-last" label="Last name" error={errors?.lastName?.message}>
          <Input id="ta-last" autoComplete="family-name" {...form.register("personal.lastName")} />
        </Field>
      </div>
      <Field id="ta-email" label="Email" error={errors?.email?.message}>
        <Input id="ta-email" type="email" autoComplete="email" {...form.register("personal.email")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ta-password" label="Password" hint="At least 8 characters" error={errors?.password?.message}>
          <ApplicationPassword id="ta-password" form={form} name="personal.password" />
        </Field>
        <Field id="ta-confirm" label="Confirm password" error={errors?.confirmPassword?.message}>
          <ApplicationPassword id="ta-confirm" form={form} name="personal.confirmPassword" />
        </Field>
      </div>
      <Field id="ta-phone" label="Phone" error={errors?.phone?.message}>
        <Input id="ta-phone" type="tel" autoComplete="tel" placeholder="(123) 456-7890" {...form.register("personal.phone")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ta-city" label="City" error={errors?.city?.message}>
          <Input id="ta-city" autoComplete="address-level2" {...form.register("personal.city")} />
        </Field>
        <Field id="ta-state" label="State" error={errors?.state?.message}>
          <OptionsSelect id="ta-state" autoComplete="address-level1" options={US_STATES} placeholder="Choose…" {...form.register("personal.state")} />
        </Field>
      </div>
      <Field
        id="ta-time-zone"
        label="Time zone"
        hint="Your weekly availability is kept in this time zone."
        error={errors?.timeZone?.message}
      >
        <OptionsSelect id="ta-time-zone" options={zones} {...form.register("personal.timeZone")} />
      </Field>
    </div>
  );
}
