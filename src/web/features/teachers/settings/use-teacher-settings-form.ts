import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type FieldPath, type UseFormReturn } from "react-hook-form";
import {
  teacherSettingsFormSchema,
  type TeacherProfile,
  type TeacherSettingsForm as TeacherSettingsValues,
  type TeacherSettingsFormInput,
} from "../../../../shared/teachers/profile.schemas";
import { usStateCode } from "../../../../shared/teachers/us-states.rules";
import { setServerErrors, useFlash } from "../../../components/ui/form";
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


export type TeacherSettingsFieldName = (typeof FIELDS)[number];
export type TeacherSettingsFormApi = UseFormReturn<TeacherSettingsFormInput, unknown, TeacherSettingsValues>;
/** What a section of the form needs: the form, and the message of a field's error. */
export interface SectionProps {
  form: TeacherSettingsFormApi;
  e: (name: TeacherSettingsFieldName) => string | undefined;
}

/** The profile form's state and submission: the sections render it, this saves it. */
export function useTeacherSettingsForm(profile: TeacherProfile) {
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

  const e = (name: TeacherSettingsFieldName) => {
    const error = errors[name];
    return typeof error?.message === "string" ? error.message : undefined;
  };

  return { form, e, submit, update, saved, videoRemoved, setVideoRemoved, lessonFormat, inPersonPlace, recheckStudio };
}
