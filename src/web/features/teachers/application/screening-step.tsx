import { useWatch } from "react-hook-form";
import { Choice } from "../../../components/ui/choice";
import { Field } from "../../../components/ui/field";
import { IntroVideoPicker } from "../intro-video-upload";
import { GroupError, TextArea, YesNo } from "./form-bits";
import type { ApplicationForm } from "./use-application-form";

/** Step 4: consent (required to apply), complaints with an explanation, references, intro video. */
export function ScreeningStep({
  form,
  video,
  onVideoChange,
}: {
  form: ApplicationForm;
  video: File | null;
  onVideoChange: (file: File | null) => void;
}) {
  const errors = form.formState.errors.screening;
  const priorComplaints = useWatch({ control: form.control, name: "screening.priorComplaints" });
  return (
    <div className="space-y-5">
      <div>
        <Choice
          label={
            <>
              I consent to a background check. <span className="text-slate-600">(Required to apply.)</span>
            </>
          }
          aria-invalid={errors?.backgroundCheckConsent ? true : undefined}
          aria-describedby={errors?.backgroundCheckConsent ? "ta-consent-error" : undefined}
          {...form.register("screening.backgroundCheckConsent")}
        />
        <GroupError id="ta-consent-error" message={errors?.backgroundCheckConsent?.message} />
      </div>

      <YesNo form={form} name="screening.priorComplaints" legend="Have you had any prior complaints as a teacher?" />
      {priorComplaints ? (
        <Field id="ta-complaints" label="Please explain" error={errors?.complaintExplanation?.message}>
          <TextArea id="ta-complaints" {...form.register("screening.complaintExplanation")} />
        </Field>
      ) : null}

      <YesNo form={form} name="screening.canProvideReferences" legend="Can you provide references?" />

      <IntroVideoPicker file={video} onChange={onVideoChange} />
    </div>
  );
}
