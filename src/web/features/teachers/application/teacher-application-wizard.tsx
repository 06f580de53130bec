import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { TeacherApplication } from "../../../../shared/teachers/application.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { setServerErrors } from "../../../components/ui/form";
import { errorMessage } from "../../../lib/api";
import { IntroVideoUpload, UploadProgress } from "../intro-video-upload";
import { AvailabilityStep } from "./availability-step";
import { PersonalStep } from "./personal-step";
import { ScreeningStep } from "./screening-step";
import { APPLICATION_STEPS, StepIndicator, type ApplicationStep } from "./step-indicator";
import { TeachingStep } from "./teaching-step";
import { applicationDefaults, type ApplicationForm } from "./use-application-form";
import { useSubmitApplication, type SubmittedApplication } from "./use-submit-application";

type FormStep = Exclude<ApplicationStep, "success">;

const STEP_HEADINGS: Record<FormStep, string> = {
  personal: "About you",
  teaching: "Your teaching",
  availability: "Weekly availability",
  screening: "Screening",
};

const STEP_INTROS: Record<FormStep, string> = {
  personal: "Tell us about yourself. You will sign in with this email and password.",
  teaching: "What you teach and how. Parents see this on your profile.",
  availability: "Your usual weekly hours.",
  screening: "A few questions that help families trust the teachers here.",
};

/**
 * Become a Teacher: personal → teaching → availability → screening → success. Next checks the
 * current step (the server checks everything again); the account is created in one request, then
 * the chosen intro video is uploaded with the token that request returns.
 */
export function TeacherApplicationWizard({
  form,
  onDone,
  onSignIn,
  onOpenDashboard,
}: {
  form: ApplicationForm;
  onDone: () => void;
  onSignIn: () => void;
  /** The signed-in teacher's way on: their dashboard, which says the application is under review. */
  onOpenDashboard: (path: string) => void;
}) {
  const [step, setStep] = useState<ApplicationStep>("personal");
  const [video, setVideo] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<SubmittedApplication | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step starts at its top, with focus on its heading (a long step on a phone would
  // otherwise open scrolled to the bottom, where Next was).
  useEffect(() => {
    heading.current?.closest('[role="dialog"]')?.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [step]);

  const apply = useSubmitApplication(setProgress);
  const submit = (values: TeacherApplication) =>
    apply.mutate(
      { values, video },
      {
        onSuccess: (submission) => {
          setSubmitted(submission);
          setVideo(null);
          // The answers are no longer needed; passwords should not linger in memory.
          form.reset(applicationDefaults());
          setStep("success");
        },
        onError: (error) => {
          const paths = setServerErrors(error, form.setError);
          const firstStep = APPLICATION_STEPS.find((s) => paths.some((p) => p.startsWith(`${s}.`)));
          if (firstStep) setStep(firstStep);
        },
      },
    );

  const index = APPLICATION_STEPS.indexOf(step);
  const next = async () => {
    if (step === "success") return;
    if (await form.trigger(step, { shouldFocus: true })) setStep(APPLICATION_STEPS[index + 1]!);
  };
  const back = () => setStep(APPLICATION_STEPS[Math.max(0, index - 1)]!);

  if (step === "success" && submitted) {
    return (
      <div>
        <StepIndicator step="success" />
        <SuccessStep submitted={submitted} headingRef={heading} onDone={onDone} onSignIn={onSignIn} onOpenDashboard={onOpenDashboard} />
      </div>
    );
  }
  const formStep = step as FormStep;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (formStep === "screening") void form.handleSubmit(submit)(event);
        else void next();
      }}
    >
      <StepIndicator step={formStep} />
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {STEP_HEADINGS[formStep]}
      </h3>
      <p className="mb-4 text-sm text-slate-600">{STEP_INTROS[formStep]}</p>

      {formStep === "personal" ? <PersonalStep form={form} /> : null}
      {formStep === "teaching" ? <TeachingStep form={form} /> : null}
      {formStep === "availability" ? <AvailabilityStep form={form} /> : null}
      {formStep === "screening" ? <ScreeningStep form={form} video={video} onVideoChange={setVideo} /> : null}

      <div className="mt-6 space-y-3">
        {apply.isError ? <Alert>{errorMessage(apply.error, "An error occurred during sign up")}</Alert> : null}
        {progress !== null ? <UploadProgress percent={progress} label="Uploading your intro video" /> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {index > 0 ? (
            <Button variant="secondary" onClick={back} disabled={apply.isPending}>
              Back
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <Button type="submit" disabled={apply.isPending} className="sm:min-w-40">
            {formStep !== "screening"
              ? "Next"
              : apply.isPending
                ? progress !== null
                  ? "Uploading video..."
                  : "Submitting..."
                : "Submit Application"}
          </Button>
        </div>
      </div>
    </form>
  );
}

function SuccessStep({
  submitted,
  headingRef,
  onDone,
  onSignIn,
  onOpenDashboard,
}: {
  submitted: SubmittedApplication;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onDone: () => void;
  onSignIn: () => void;
  onOpenDashboard: (path: string) => void;
}) {
  const [videoUploaded, setVideoUploaded] = useState(submitted.videoUploaded);
  return (
    <div className="flex flex-col items-center py-2 text-center">
      <CheckCircle2 aria-hidden className="mb-3 size-12 text-emerald-600" />
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        Your application is in!
      </h3>
      <p role="status" className="mt-1 text-slate-600">
        {submitted.result.signedIn
          ? `You are signed in as a Teacher. We sent a confirmation to ${submitted.email}.`
          : `Confirm ${submitted.email} from the email we sent, then sign in as a Teacher to get started.`}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Our team reviews your application before families can find you; we will email you the decision, and your
        dashboard shows where it stands. Once approved, turn on discovery in your dashboard.
      </p>

      {videoUploaded ? (
        <p className="mt-4 flex items-center gap-1.5 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden className="size-4" /> Intro video uploaded
        </p>
      ) : null}
      {submitted.videoError && !videoUploaded ? (
        <div className="mt-4 w-full space-y-3 text-left">
          <Alert>
            <p className="font-medium">Your account was created, but the video was not uploaded.</p>
            <p>{submitted.videoError}</p>
          </Alert>
          <IntroVideoUpload uploadToken={submitted.result.uploadToken} onUploaded={() => setVideoUploaded(true)} />
          <p className="text-xs text-slate-600">You can also add it later in Teacher Settings.</p>
        </div>
      ) : null}

      <div className="mt-6 flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        {submitted.result.signedIn ? (
          <Button onClick={() => onOpenDashboard(submitted.result.redirectTo)}>Go to Your Dashboard</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onSignIn}>
              Sign In
            </Button>
            <Button onClick={onDone} className="sm:min-w-32">
              Done
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
