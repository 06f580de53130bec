import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type UseFormReturn } from "react-hook-form";
import {
  detectedTimeZone,
  teacherApplicationSchema,
  type TeacherApplication,
  type TeacherApplicationInput,
} from "../../../../shared/teachers/application.schemas";
import { MONDAY_FIRST_WEEK } from "../../../../shared/teachers/availability.rules";

export type ApplicationForm = UseFormReturn<TeacherApplicationInput, unknown, TeacherApplication>;

/** Empty answers; selects start unchosen so Next can say what is missing. */
export function applicationDefaults(): TeacherApplicationInput {
  return {
    personal: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      phone: "",
      city: "",
      state: "" as TeacherApplicationInput["personal"]["state"],
      timeZone: detectedTimeZone(),
    },
    teaching: {
      instruments: [],
      teachingExperienceYears: "" as TeacherApplicationInput["teaching"]["teachingExperienceYears"],
      educationBackground: "" as TeacherApplicationInput["teaching"]["educationBackground"],
      bio: "",
      teachingStyleDescription: "",
      teachingMethods: [],
      ageGroupsTaught: [],
      lessonFormat: "both",
      hourlyRateMin: Number.NaN,
      hourlyRateMax: Number.NaN,
      hasTransportation: false,
      platformExperience: "",
      videoConferenceExperience: false,
    },
    // Monday first, as the wizard lists the week; each row carries its stored day number.
    availability: { days: MONDAY_FIRST_WEEK.map(({ dayOfWeek }) => ({ dayOfWeek, startTime: "", endTime: "" })) },
    screening: {
      backgroundCheckConsent: false as unknown as true,
      priorComplaints: false,
      complaintExplanation: "",
      canProvideReferences: false,
    },
  };
}

/**
 * The application's form state. It lives in the Become a Teacher dialog, outside the wizard, so a
 * stray click that closes the dialog does not throw away five steps of answers.
 */
export function useApplicationForm(): ApplicationForm {
  return useForm<TeacherApplicationInput, unknown, TeacherApplication>({
    resolver: zodResolver(teacherApplicationSchema),
    defaultValues: applicationDefaults(),
    // Errors update as the user types, never on blur (a blur that moves the layout would make the
    // next tap on a phone land on the wrong control).
    mode: "onChange",
  });
}
