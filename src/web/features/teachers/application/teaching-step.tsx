import { AGE_GROUPS, EDUCATION_BACKGROUNDS, INSTRUMENTS, LESSON_FORMATS, TEACHER_EXPERIENCE, TEACHING_METHODS } from "../../../../shared/teachers/teachers.constants";
import { Choice, Select } from "../../../components/ui/choice";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { GroupError, TextArea, YesNo } from "./form-bits";
import type { ApplicationForm } from "./use-application-form";

const EXPERIENCE_LABELS: Record<(typeof TEACHER_EXPERIENCE)[number], string> = {
  "Less than 1": "Less than 1 year",
  "1-3": "1-3 years",
  "3-5": "3-5 years",
  "5+": "5+ years",
};

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
      <fieldset aria-describedby={errors?.instruments ? "ta-instruments-error" : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Instruments you teach</legend>
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
          {Object.entries(INSTRUMENTS).map(([key, label]) => (
            <Choice key={key} label={label} value={key} {...form.register("teaching.instruments")} />
          ))}
        </div>
        <GroupError id="ta-instruments-error" message={errors?.instruments?.message ?? errors?.instruments?.root?.message} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ta-experience" label="Teaching experience" error={errors?.teachingExperienceYears?.message}>
          <Select id="ta-experience" {...form.register("teaching.teachingExperienceYears")}>
            <option value="">Choose…</option>
            {TEACHER_EXPERIENCE.map((value) => (
              <option key={value} value={value}>
                {EXPERIENCE_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="ta-education" label="Education background" error={errors?.educationBackground?.message}>
          <Select id="ta-education" {...form.register("teaching.educationBackground")}>
            <option value="">Choose…</option>
            {EDUCATION_BACKGROUNDS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <Field id="ta-bio" label="Bio (optional)" hint="A few sentences parents will read on your profile." error={errors?.bio?.message}>
        <TextArea id="ta-bio" {...form.register("teaching.bio")} />
      </Field>
      <Field id="ta-style" label="Teaching style" hint="How do your lessons feel? What do students work on?" error={errors?.teachingStyleDescription?.message}>
        <TextArea id="ta-style" {...form.register("teaching.teachingStyleDescription")} />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Teaching methods</legend>
          {TEACHING_METHODS.map((method) => (
            <Choice key={method} label={method} value={method} {...form.register("teaching.teachingMethods")} />
          ))}
          <GroupError id="ta-methods-error" message={errors?.teachingMethods?.message} />
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Age groups you teach</legend>
          {AGE_GROUPS.map((group) => (
            <Choice key={group} label={group} value={group} {...form.register("teaching.ageGroupsTaught")} />
          ))}
          <GroupError id="ta-ages-error" message={errors?.ageGroupsTaught?.message} />
        </fieldset>
      </div>

      <Field id="ta-format" label="Lesson format" error={errors?.lessonFormat?.message}>
        <Select id="ta-format" {...form.register("teaching.lessonFormat")}>
          {Object.entries(LESSON_FORMATS).map(([value, label]) => (
            <option key={value} value={value}>
              {value === "both" ? "Both in-person and online" : label}
            </option>
          ))}
        </Select>
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
