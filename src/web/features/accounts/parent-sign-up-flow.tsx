import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { Fragment, useEffect, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  COMMUNICATION_CHANNELS,
  ENROLLMENT_GOALS,
  PARENT_EXPERIENCE_YEARS,
  RELATIONSHIPS,
} from "../../../shared/accounts/accounts.constants";
import {
  parentSignUpSchema,
  type ParentSignUp,
  type ParentSignUpInput,
} from "../../../shared/accounts/accounts.schemas";
import { STUDENT_INTERESTS } from "../../../shared/students/students.constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Choice } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, OptionsSelect, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { errorMessage } from "../../lib/api";
import { useParentSignUp } from "./use-accounts";

type Step = "parent-info" | "student-info" | "success";

/** Spec section 9: the success step closes and continues after 2 seconds. */
export const SIGN_UP_REDIRECT_MS = 2000;

const DEFAULTS: ParentSignUpInput = {
  parent: {
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    phone: "",
    location: "",
    relationshipToChild: "mother",
    relationshipOther: "",
    multipleChildren: false,
    enrollmentGoals: [],
    otherGoal: "",
    priorExperience: false,
    experienceYears: null,
    preferredCommunication: "email",
    wantsNotifications: true,
  },
  student: { firstName: "", lastName: "", age: Number.NaN, interests: [] },
};

/** Parent Create Account: parent-info → student-info → success; one transaction on the server. */
export function ParentSignUpFlow({
  onFinished,
  onNeedsConfirmation,
}: {
  onFinished: () => void;
  /** Email verification is required: the Check Your Email step takes over. */
  onNeedsConfirmation: (email: string) => void;
}) {
  const [step, setStep] = useState<Step>("parent-info");
  const navigate = useNavigate();
  const form = useForm<ParentSignUpInput, unknown, ParentSignUp>({
    resolver: zodResolver(parentSignUpSchema),
    defaultValues: DEFAULTS,
    // Errors update as the user types, never on blur: a blur that moves the layout would make the
    // next tap on a phone land on the wrong control.
    mode: "onChange",
  });
  const { errors } = form.formState;
  const relationship = useWatch({ control: form.control, name: "parent.relationshipToChild" });
  const priorExperience = useWatch({ control: form.control, name: "parent.priorExperience" });

  const signUp = useParentSignUp({
    onSignedIn: () => setStep("success"),
    onNeedsConfirmation,
    onError: (error) => {
      const paths = setServerErrors(error, form.setError);
      if (paths.some((p) => p.startsWith("parent."))) setStep("parent-info");
    },
  });

  useEffect(() => {
    if (step !== "success") return;
    const timer = setTimeout(() => {
      onFinished();
      void navigate(signUp.data?.redirectTo ?? "/find-teachers");
    }, SIGN_UP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, onFinished, navigate, signUp.data]);

  if (step === "success") {
    return (
      <div role="status" className="flex flex-col items-center py-6 text-center">
        <CheckCircle2 aria-hidden className="mb-3 size-12 text-emerald-600" />
        <h3 className="text-lg font-semibold text-slate-900">Your account is ready!</h3>
        <p className="mt-1 text-slate-600">Taking you to find a teacher…</p>
      </div>
    );
  }

  const toStudentStep = async () => {
    // A step with errors stays, with focus (and so the view) on its first wrong field.
    if (await form.trigger("parent", { shouldFocus: true })) setStep("student-info");
  };

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))} className="space-y-4">
      <p className="text-sm font-medium text-brand-700">
        Step {step === "parent-info" ? 1 : 2} of 2 · {step === "parent-info" ? "About you" : "About your child"}
      </p>

      {/* Keyed: each step is a subtree of its own, so no <input> of one step is ever reused for a
          field of the other. */}
      {step === "parent-info" ? (
        <Fragment key="parent-info">
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

          <Button className="w-full" onClick={() => void toStudentStep()}>
            Next
          </Button>
        </Fragment>
      ) : (
        <Fragment key="student-info">
          <Button variant="link" onClick={() => setStep("parent-info")}>
            ← Back
          </Button>
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
          {signUp.isError ? <Alert>{errorMessage(signUp.error, "An error occurred during sign up")}</Alert> : null}
          <Button type="submit" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? "Creating account..." : "Create Account"}
          </Button>
        </Fragment>
      )}
    </form>
  );
}
