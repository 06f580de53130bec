import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import {
  IN_PERSON_PLACE_LABELS,
  teacherSettingsFormSchema,
  type TeacherProfile,
  type TeacherSettingsForm as TeacherSettingsValues,
  type TeacherSettingsFormInput,
} from "../../../../shared/teachers/profile.schemas";
import {
  AGE_GROUPS,
  EDUCATION_BACKGROUNDS,
  INSTRUMENTS,
  LESSON_FORMATS,
  TEACHER_EXPERIENCE,
  TEACHING_METHODS,
  US_STATES,
} from "../../../../shared/teachers/teachers.constants";
import { usStateCode } from "../../../../shared/teachers/us-states.rules";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChoiceGroup, invalidProps, OptionsSelect, setServerErrors, useFlash } from "../../../components/ui/form";
import { TimeZoneSelect } from "../../../components/ui/form/time-zone-select";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { IntroVideoSection } from "./intro-video-section";
import { Textarea } from "../../../components/ui/textarea";
import { SettingsSection } from "./form-parts";
import { useUpdateTeacherProfile } from "./use-teacher-profile";

/** Spec section 9: success banners last 3 seconds. */
export const SAVED_MESSAGE_MS = 3000;

const FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "city",
  "state",
  "bio",
  "educationBackground",
  "teachingExperienceYears",
  "teachingMethods",
  "ageGroupsTaught",
  "teachingStyleDescription",
  "lessonFormat",
  "hourlyRateMin",
  "hourlyRateMax",
  "timeZone",
  "instruments",
  "meetingUrl",
  "inPersonPlace",
  "studioAddress",
] as const satisfies readonly FieldPath<TeacherSettingsFormInput>[];

function toFormValues(profile: TeacherProfile): TeacherSettingsFormInput {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    city: profile.city,
    // Blank when the saved state is not a US state: the form then asks for one ("Choose your state").
    state: usStateCode(profile.state) as TeacherSettingsFormInput["state"],
    bio: profile.bio,
    educationBackground: profile.educationBackground,
    teachingExperienceYears: profile.teachingExperienceYears,
    teachingMethods: profile.teachingMethods,
    ageGroupsTaught: profile.ageGroupsTaught,
    teachingStyleDescription: profile.teachingStyleDescription,
    lessonFormat: profile.lessonFormat,
    hourlyRateMin: profile.hourlyRateMin,
    hourlyRateMax: profile.hourlyRateMax,
    timeZone: profile.timeZone,
    instruments: profile.instruments,
    meetingUrl: profile.meetingUrl ?? "",
    inPersonPlace: profile.inPersonPlace,
    studioAddress: profile.studioAddress ?? "",
  };
}


export function TeacherSettingsForm({ profile }: { profile: TeacherProfile }) {
  const update = useUpdateTeacherProfile();
  const saved = useFlash(SAVED_MESSAGE_MS);
  // "Remove video" only clears it here; saving sends introVideoUrl: null (spec section 2).
  const [videoRemoved, setVideoRemoved] = useState(false);
  const form = useForm<TeacherSettingsFormInput, unknown, TeacherSettingsValues>({
    resolver: zodResolver(teacherSettingsFormSchema),
    defaultValues: toFormValues(profile),
    mode: "onChange",
  });
  const { errors } = form.formState;
  const [lessonFormat, inPersonPlace] = useWatch({ control: form.control, name: ["lessonFormat", "inPersonPlace"] });
  // Whether a studio address is needed depends on these two: check it again when either changes.
  const recheckStudio = () => void form.trigger("studioAddress");


  const submit = form.handleSubmit((values) => {
    saved.clear();
    update.mutate(
      { ...values, ...(videoRemoved ? { introVideoUrl: null } : {}) },
      {
        onSuccess: (next) => {
          form.reset(toFormValues(next));
          setVideoRemoved(false);
          saved.show("Profile updated successfully!");
        },
        onError: (error) => setServerErrors(error, form.setError, FIELDS),
      },
    );
  });

  const e = (name: (typeof FIELDS)[number]) => {
    const error = errors[name];
    return typeof error?.message === "string" ? error.message : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-6">
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
          <Input id="ts-email" type="email" value={profile.email} readOnly aria-readonly tone="muted" />
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
          <Field id="ts-rate-min" label="Minimum hourly rate ($)" error={e("hourlyRateMin")}>
            <Input
              id="ts-rate-min"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...invalidProps("ts-rate-min", e("hourlyRateMin"))}
              {...form.register("hourlyRateMin", {
                valueAsNumber: true,
                // The order rule names the minimum; re-check it when either side changes.
                onChange: () => void form.trigger(["hourlyRateMin", "hourlyRateMax"]),
              })}
            />
          </Field>
          <Field id="ts-rate-max" label="Maximum hourly rate ($)" error={e("hourlyRateMax")}>
            <Input
              id="ts-rate-max"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...invalidProps("ts-rate-max", e("hourlyRateMax"))}
              {...form.register("hourlyRateMax", {
                valueAsNumber: true,
                onChange: () => void form.trigger(["hourlyRateMin", "hourlyRateMax"]),
              })}
            />
          </Field>
        </div>
        <Field id="ts-zone" label="Time zone" hint="Your weekly availability is kept in this time zone." error={e("timeZone")}>
          <TimeZoneSelect id="ts-zone" current={profile.timeZone} {...invalidProps("ts-zone", e("timeZone"))} {...form.register("timeZone")} />
        </Field>
      </SettingsSection>

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

      <IntroVideoSection
        savedUrl={profile.introVideoUrl}
        removed={videoRemoved}
        onRemove={() => setVideoRemoved(true)}
        onUndoRemove={() => setVideoRemoved(false)}
        onUploaded={() => setVideoRemoved(false)}
      />

      <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-white/95 px-4 py-4 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0">
        {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
        {update.isError ? <Alert>{errorMessage(update.error, "Failed to update profile")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={update.isPending} className="w-full sm:w-auto">
            {update.isPending ? "Saving..." : (
              <>
                <Save aria-hidden className="size-4" />
                Save Changes
              </>
            )}
          </Button>
        </div>
      </div>
    </form>
  );
}
