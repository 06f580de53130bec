import { AGE_GROUPS, EDUCATION_BACKGROUNDS, INSTRUMENTS, LESSON_FORMATS, TEACHING_METHODS, type TEACHER_EXPERIENCE } from "../../../../shared/teachers/teachers.constants";
import { Field } from "../../../components/ui/field";
import { ChoiceGroup, OptionsSelect } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { TextArea, YesNo } from "./form-bits";
import type { ApplicationForm } from "./use-application-form";

const EXPERIENCE_LABELS: Record<(typeof TEACHER_EXPERIENCE)[number], string> = {
  "Less than 1": "Less than 1 year",
  "1-3": "1-3 years",
  "3-5": "3-5 years",
  "5+": "5+ years",
};

/** The application spells "both" out; the other formats keep their usual labels. */
const FORMAT_LABELS = { ...LESSON_FORMATS, both: "Both in-person and online" };

function RateInput({ id, form, name }: { id: string; form: ApplicationForm; name: "teaching.hourlyRateMin" | "teaching.hourlyRateMax" }) {
  return (
    <div className="relative">
      <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
        $
      </span>
      <Input id={id} type="number" inputMode="numeric" min={0} step={1} className="pl-7" {...form.register(name, {
          valueAsNumber: true,
          // The order rule's message sits on the minimum: a changed maximum re-checks it.
          onChange: () => {
            if (name === "teaching.hourlyRateMax" && !Number.isNaN(form.getValues("teaching.hourlyRateMin"))) {
              void form.trigger("teaching.hourlyRateMin");
            }
          },
        })}
      />
    </div>
  );
}

/** Step 2: what and how the teacher teaches, and for how much. */
export function TeachingStep({ form }: { form: ApplicationForm }) {
  const errors = form.formState.errors.teaching;
  return (
    <div className="space-y-5">
      <ChoiceGroup
        id="ta-instruments"
        variant="list"
        columns="grid grid-cols-2 gap-x-4 sm:grid-cols-4"
        legend="Instruments you teach"
        options={INSTRUMENTS}
        registration={form.register("teaching.instruments")}
        error={errors?.instruments?.message ?? errors?.instruments?.root?.message}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ta-experience" label="Teaching experience" error={errors?.teachingExperienceYears?.message}>
          <OptionsSelect
            id="ta-experience"
            options={EXPERIENCE_LABELS}
            placeholder="Choose…"
            {...form.register("teaching.teachingExperienceYears")}
          />
        </Field>
        <Field id="ta-education" label="Education background" error={errors?.educationBackground?.message}>
          <OptionsSelect
            id="ta-education"
            options={EDUCATION_BACKGROUNDS}
            placeholder="Choose…"
            {...form.register("teaching.educationBackground")}
          />
        </Field>
      </div>

      <Field id="ta-bio" label="Bio (optional)" hint="A few sentences parents will read on your profile." error={errors?.bio?.message}>
        <TextArea id="ta-bio" {...form.register("teaching.bio")} />
      </Field>
      <Field id="ta-style" label="Teaching style" hint="How do your lessons feel? What do students work on?" error={errors?.teachingStyleDescription?.message}>
        <TextArea id="ta-style" {...form.register("teaching.teachingStyleDescription")} />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceGroup
          id="ta-methods"
          variant="list"
          legend="Teaching methods"
          options={TEACHING_METHODS}
          registration={form.register("teaching.teachingMethods")}
          error={errors?.teachingMethods?.message}
        />
        <ChoiceGroup
          id="ta-ages"
          variant="list"
          legend="Age groups you teach"
          options={AGE_GROUPS}
          registration={form.register("teaching.ageGroupsTaught")}
          error={errors?.ageGroupsTaught?.message}
        />
      </div>

      <Field id="ta-format" label="Lesson format" error={errors?.lessonFormat?.message}>
        <OptionsSelect id="ta-format" options={FORMAT_LABELS} {...form.register("teaching.lessonFormat")} />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ta-rate-min" label="Minimum hourly rate" error={errors?.hourlyRateMin?.message}>
          <RateInput id="ta-rate-min" form={form} name="teaching.hourlyRateMin" />
        </Field>
        <Field id="ta-rate-max" label="Maximum hourly rate" error={errors?.hourlyRateMax?.message}>
          <RateInput id="ta-rate-max" form={form} name="teaching.hourlyRateMax" />
        </Field>
      </div>

      <YesNo form={form} name="teaching.hasTransportation" legend="Do you have transportation to teach at students' homes?" />
      <Field
        id="ta-platforms"
        label="Online teaching platforms you have used (optional)"
        error={errors?.platformExperience?.message}
      >
        <Input id="ta-platforms" placeholder="e.g. Zoom, Google Meet" {...form.register("teaching.platformExperience")} />
      </Field>
      <YesNo form={form} name="teaching.videoConferenceExperience" legend="Have you taught lessons over video calls?" />
    </div>
  );
}
