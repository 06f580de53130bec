import { IN_PERSON_PLACE_LABELS, type TeacherProfile } from "../../../../shared/teachers/profile.schemas";
import {
  AGE_GROUPS,
  EDUCATION_BACKGROUNDS,
  INSTRUMENTS,
  LESSON_FORMATS,
  TEACHER_EXPERIENCE,
  TEACHING_METHODS,
  US_STATES,
} from "../../../../shared/teachers/teachers.constants";
import { ChoiceGroup, invalidProps, OptionsSelect } from "../../../components/ui/form";
import { TimeZoneSelect } from "../../../components/ui/form/time-zone-select";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { SettingsSection } from "./form-parts";
import type { SectionProps } from "./use-teacher-settings-form";

/** The sections of the teacher's profile form (teacher-settings-form.tsx puts them together). */

export function BasicInformationSection({ form, e, email }: SectionProps & { email: string }) {
  return (
  <SettingsSection id="basic" title="Basic Information">
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="ts-first" label="First name" error={e("firstName")}>
        <Input id="ts-first" autoComplete="given-name" {...invalidProps("ts-first", e("firstName"))} {...form.register("firstName")} />
      </Field>
      <Field id="ts-last" label="Last name" error={e("lastName")}>
        <Input id="ts-last" autoComplete="family-name" {...invalidProps("ts-last", e("lastName"))} {...form.register("lastName")} />
      </Field>
    </div>
    <Field id="ts-email" label="Email" hint="Email cannot be changed">
      <Input id="ts-email" type="email" value={email} readOnly aria-readonly tone="muted" />
    </Field>
    <Field id="ts-phone" label="Phone" error={e("phone")}>
      <Input
        id="ts-phone"
        type="tel"
        autoComplete="tel"
        placeholder="(123) 456-7890"
        {...invalidProps("ts-phone", e("phone"))}
        {...form.register("phone")}
      />
    </Field>
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="ts-city" label="City" error={e("city")}>
        <Input id="ts-city" autoComplete="address-level2" {...invalidProps("ts-city", e("city"))} {...form.register("city")} />
      </Field>
      <Field id="ts-state" label="State" error={e("state")}>
        <OptionsSelect
          id="ts-state"
          autoComplete="address-level1"
          options={US_STATES}
          placeholder="Choose…"
          {...invalidProps("ts-state", e("state"))}
          {...form.register("state")}
        />
      </Field>
    </div>
  </SettingsSection>
  );
}

/** A whole-dollar rate; the order rule names the minimum, so both sides are checked again when either changes. */
function RateField({ form, e, name, id, label }: SectionProps & { name: "hourlyRateMin" | "hourlyRateMax"; id: string; label: string }) {
  return (
    <Field id={id} label={label} error={e(name)}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...invalidProps(id, e(name))}
        {...form.register(name, {
          valueAsNumber: true,
          onChange: () => void form.trigger(["hourlyRateMin", "hourlyRateMax"]),
        })}
      />
    </Field>
  );
}

export function TeachingProfileSection({ form, e, savedTimeZone, recheckStudio }: SectionProps & { savedTimeZone: string; recheckStudio: () => void }) {
  return (
  <SettingsSection id="teaching" title="Teaching Profile" description="Shown to parents on your profile and in search.">
    <Field id="ts-bio" label="Bio" error={e("bio")}>
      <Textarea id="ts-bio" rows={4} placeholder="A few words about you and your music." {...invalidProps("ts-bio", e("bio"))} {...form.register("bio")} />
    </Field>
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="ts-experience" label="Teaching experience (years)" error={e("teachingExperienceYears")}>
        <OptionsSelect id="ts-experience" options={TEACHER_EXPERIENCE} {...form.register("teachingExperienceYears")} />
      </Field>
      <Field id="ts-education" label="Education background" error={e("educationBackground")}>
        <OptionsSelect id="ts-education" options={EDUCATION_BACKGROUNDS} {...form.register("educationBackground")} />
      </Field>
    </div>
    <ChoiceGroup
      id="ts-methods"
      legend="Teaching methods"
      options={TEACHING_METHODS}
      registration={form.register("teachingMethods")}
      error={e("teachingMethods")}
    />
    <ChoiceGroup
      id="ts-ages"
      legend="Age groups"
      options={AGE_GROUPS}
      registration={form.register("ageGroupsTaught")}
      error={e("ageGroupsTaught")}
    />
    <Field id="ts-style" label="Teaching style description" error={e("teachingStyleDescription")}>
      <Textarea id="ts-style" rows={4} {...invalidProps("ts-style", e("teachingStyleDescription"))} {...form.register("teachingStyleDescription")} />
    </Field>
    <ChoiceGroup
      id="ts-format"
      legend="Lesson format"
      type="radio"
      columns="sm:grid-cols-3"
      options={LESSON_FORMATS}
      registration={form.register("lessonFormat", { onChange: recheckStudio })}
      error={e("lessonFormat")}
    />
    <div className="grid grid-cols-2 gap-4">
      <RateField form={form} e={e} name="hourlyRateMin" id="ts-rate-min" label="Minimum hourly rate ($)" />
      <RateField form={form} e={e} name="hourlyRateMax" id="ts-rate-max" label="Maximum hourly rate ($)" />
    </div>
    <Field id="ts-zone" label="Time zone" hint="Your weekly availability is kept in this time zone." error={e("timeZone")}>
      <TimeZoneSelect id="ts-zone" current={savedTimeZone} {...invalidProps("ts-zone", e("timeZone"))} {...form.register("timeZone")} />
    </Field>
  </SettingsSection>
  );
}

export function WhereAndHowSection({ form, e, lessonFormat, inPersonPlace, recheckStudio }: SectionProps & {
  lessonFormat: TeacherProfile["lessonFormat"];
  inPersonPlace: TeacherProfile["inPersonPlace"];
  recheckStudio: () => void;
}) {
  return (
  <SettingsSection
    id="where-how"
    title="Where and How Lessons Happen"
    description="A family is told these only once you accept their lesson, never before."
  >
    <Field
      id="ts-meeting-url"
      label="Default meeting link"
      hint="For online lessons and intro calls (Zoom, Google Meet…). You can give one student their own link on My Students. An online lesson can be accepted only once a link is set."
      error={e("meetingUrl")}
    >
      <Input
        id="ts-meeting-url"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://zoom.us/j/123456789"
        {...invalidProps("ts-meeting-url", e("meetingUrl"))}
        {...form.register("meetingUrl")}
      />
    </Field>
    {lessonFormat === "online" ? null : (
      <>
        <ChoiceGroup
          id="ts-in-person-place"
          legend="In-person lessons happen"
          type="radio"
          columns="sm:grid-cols-2"
          options={IN_PERSON_PLACE_LABELS}
          registration={form.register("inPersonPlace", { onChange: recheckStudio })}
          error={e("inPersonPlace")}
        />
        {inPersonPlace === "studio" ? (
          <Field id="ts-studio-address" label="Studio address" hint="Given only to a family whose in-person lesson you accept." error={e("studioAddress")}>
            <Input
              id="ts-studio-address"
              autoComplete="street-address"
              placeholder="12 Elm St, Chicago, IL 60601"
              {...invalidProps("ts-studio-address", e("studioAddress"))}
              {...form.register("studioAddress")}
            />
          </Field>
        ) : (
          <p className="text-sm text-slate-600">You travel to families: the address each family keeps in their settings is given to you once you accept their lesson.</p>
        )}
      </>
    )}
  </SettingsSection>
  );
}

export function InstrumentsSection({ form, e }: SectionProps) {
  return (
  <SettingsSection id="instruments" title="Instruments" description="Choose every instrument you teach.">
    <ChoiceGroup
      id="ts-instruments"
      legend="Instruments you teach"
      columns="sm:grid-cols-3"
      options={INSTRUMENTS}
      registration={form.register("instruments")}
      error={e("instruments")}
    />
  </SettingsSection>
  );
}
