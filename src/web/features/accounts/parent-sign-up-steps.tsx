import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { COMMUNICATION_CHANNELS, ENROLLMENT_GOALS, PARENT_EXPERIENCE_YEARS, RELATIONSHIPS } from "../../../shared/accounts/accounts.constants";
import type { ParentSignUp, ParentSignUpInput } from "../../../shared/accounts/accounts.schemas";
import { STUDENT_INTERESTS } from "../../../shared/students/students.constants";
import { Choice } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, OptionsSelect } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";

type SignUpForm = UseFormReturn<ParentSignUpInput, unknown, ParentSignUp>;

/** Step 1 of Create Account: about the parent. */
export function ParentInfoFields({ form }: { form: SignUpForm }) {
  const { errors } = form.formState;
  const relationship = useWatch({ control: form.control, name: "parent.relationshipToChild" });
  const priorExperience = useWatch({ control: form.control, name: "parent.priorExperience" });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="su-first" label="First name" error={errors.parent?.firstName?.message}>
          <Input id="su-first" autoComplete="given-name" {...form.register("parent.firstName")} />
        </Field>
        <Field id="su-last" label="Last name" error={errors.parent?.lastName?.message}>
          <Input id="su-last" autoComplete="family-name" {...form.register("parent.lastName")} />
        </Field>
      </div>
      <Field id="su-email" label="Email" error={errors.parent?.email?.message}>
        <Input id="su-email" type="email" autoComplete="email" {...form.register("parent.email")} />
      </Field>
      <Field id="su-password" label="Password" hint="At least 8 characters" error={errors.parent?.password?.message}>
        <PasswordInput id="su-password" autoComplete="new-password" {...form.register("parent.password")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="su-phone" label="Phone (optional)" error={errors.parent?.phone?.message}>
          <Input id="su-phone" type="tel" autoComplete="tel" placeholder="(123) 456-7890" {...form.register("parent.phone")} />
        </Field>
        <Field id="su-location" label="Location (optional)" error={errors.parent?.location?.message}>
          <Input id="su-location" placeholder="City, State" {...form.register("parent.location")} />
        </Field>
      </div>
      <Field id="su-relationship" label="Relationship to the child" error={errors.parent?.relationshipToChild?.message}>
        <OptionsSelect id="su-relationship" options={RELATIONSHIPS} {...form.register("parent.relationshipToChild")} />
      </Field>
      {relationship === "other" ? (
        <Field id="su-relationship-other" label="Please describe" error={errors.parent?.relationshipOther?.message}>
          <Input id="su-relationship-other" {...form.register("parent.relationshipOther")} />
        </Field>
      ) : null}
      <Choice label="I am enrolling more than one child" {...form.register("parent.multipleChildren")} />

      <ChoiceGroup
        id="su-goal"
        variant="list"
        legend="What are your goals?"
        options={ENROLLMENT_GOALS}
        registration={form.register("parent.enrollmentGoals")}
      >
        <Field id="su-other-goal" label="Other goal (optional)" error={errors.parent?.otherGoal?.message}>
          <Input id="su-other-goal" {...form.register("parent.otherGoal")} />
        </Field>
      </ChoiceGroup>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Has your child had music lessons before?</legend>
        <Controller
          control={form.control}
          name="parent.priorExperience"
          render={({ field }) => (
            <div className="flex gap-4">
              <Choice type="radio" name={field.name} label="Yes" checked={field.value === true} onChange={() => field.onChange(true)} />
              <Choice type="radio" name={field.name} label="No" checked={field.value === false} onChange={() => field.onChange(false)} />
            </div>
          )}
        />
      </fieldset>
      {priorExperience ? (
        <Field id="su-experience" label="For how many years?" error={errors.parent?.experienceYears?.message}>
          <OptionsSelect
            id="su-experience"
            options={PARENT_EXPERIENCE_YEARS.map((years) => ({ value: years, label: `${years} years` }))}
            placeholder="Choose…"
            {...form.register("parent.experienceYears", { setValueAs: (v: string) => v || null })}
          />
        </Field>
      ) : null}

      <Field id="su-communication" label="Preferred communication" error={errors.parent?.preferredCommunication?.message}>
        <OptionsSelect id="su-communication" options={COMMUNICATION_CHANNELS} {...form.register("parent.preferredCommunication")} />
      </Field>
      <Choice label="Send me notifications about lessons and messages" {...form.register("parent.wantsNotifications")} />
    </>
  );
}

/** Step 2 of Create Account: about the child. */
export function StudentInfoFields({ form }: { form: SignUpForm }) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="su-student-first" label="Student first name" error={errors.student?.firstName?.message}>
          <Input id="su-student-first" {...form.register("student.firstName")} />
        </Field>
        <Field id="su-student-last" label="Student last name" error={errors.student?.lastName?.message}>
          <Input id="su-student-last" {...form.register("student.lastName")} />
        </Field>
      </div>
      <Field id="su-student-age" label="Age" error={errors.student?.age?.message}>
        <Input id="su-student-age" type="number" inputMode="numeric" min={0} max={99} {...form.register("student.age", { valueAsNumber: true })} />
      </Field>
      <ChoiceGroup
        id="su-interest"
        variant="list"
        columns="grid grid-cols-2 gap-x-4"
        legend="Interests"
        options={STUDENT_INTERESTS}
        registration={form.register("student.interests")}
      />
    </>
  );
}
