import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { Fragment, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  parentSignUpSchema,
  type ParentSignUp,
  type ParentSignUpInput,
} from "../../../shared/accounts/accounts.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { setServerErrors } from "../../components/ui/form";
import { errorMessage } from "../../lib/api";
import { ParentInfoFields, StudentInfoFields } from "./parent-sign-up-steps";
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
          <ParentInfoFields form={form} />
          <Button className="w-full" onClick={() => void toStudentStep()}>
            Next
          </Button>
        </Fragment>
      ) : (
        <Fragment key="student-info">
          <Button variant="link" onClick={() => setStep("parent-info")}>
            ← Back
          </Button>
          <StudentInfoFields form={form} />
          {signUp.isError ? <Alert>{errorMessage(signUp.error, "An error occurred during sign up")}</Alert> : null}
          <Button type="submit" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? "Creating account..." : "Create Account"}
          </Button>
        </Fragment>
      )}
    </form>
  );
}
