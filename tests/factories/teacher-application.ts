import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { teacherProfiles } from "../../src/server/db/schema";
import { createStorage } from "../../src/server/files/create-storage";
import type { Deps } from "../../src/server/deps";
import { introVideoKey, introVideoPath } from "../../src/server/teachers/intro-video.service";
import type { TeacherApplicationInput } from "../../src/shared/teachers/application.schemas";
import { uniqueEmail } from "./accounts";

/** A real, playable 2-second MP4 (160×120, H.264 + AAC, made with ffmpeg), 19 KB. */
export const INTRO_VIDEO_FIXTURE = new URL("../fixtures/intro-video.mp4", import.meta.url);
export const introVideoBytes = () => readFileSync(INTRO_VIDEO_FIXTURE);

/** A complete, valid Become a Teacher application; override any part. */
export function teacherApplicationBody(
  overrides: {
    personal?: Partial<TeacherApplicationInput["personal"]>;
    teaching?: Partial<TeacherApplicationInput["teaching"]>;
    /** The week's days (`availability.days`). */
    availability?: TeacherApplicationInput["availability"]["days"];
    screening?: Partial<TeacherApplicationInput["screening"]>;
  } = {},
): TeacherApplicationInput {
  return {
    personal: {
      firstName: "Clara",
      lastName: "Wieck",
      email: uniqueEmail("applicant"),
      password: "clara-password",
      confirmPassword: "clara-password",
      phone: "(512) 555-0199",
      city: "Austin",
      state: "TX",
      timeZone: "America/Chicago",
      ...overrides.personal,
    },
    teaching: {
      instruments: ["piano", "voice"],
      teachingExperienceYears: "5+",
      educationBackground: "Conservatory",
      bio: "Concert pianist who loves teaching beginners.",
      teachingStyleDescription: "Warm, patient and structured.",
      teachingMethods: ["Traditional", "Suzuki"],
      ageGroupsTaught: ["Kids 5-10", "Adults"],
      lessonFormat: "both",
      hourlyRateMin: 40,
      hourlyRateMax: 70,
      hasTransportation: true,
      platformExperience: "Zoom, Google Meet",
      videoConferenceExperience: true,
      ...overrides.teaching,
    },
    availability: {
      days: overrides.availability ?? [
        { dayOfWeek: 1, startTime: "09:00", endTime: "17:00" },
        { dayOfWeek: 2, startTime: "", endTime: "" },
      ],
    },
    screening: {
      backgroundCheckConsent: true,
      priorComplaints: false,
      complaintExplanation: "",
      canProvideReferences: true,
      ...overrides.screening,
    },
  };
}

/** Stores the fixture video as the teacher's intro video, as a finished upload would. */
export async function addIntroVideo(deps: Pick<Deps, "db" | "env">, teacherId: string): Promise<string> {
  await createStorage(deps.env).put(introVideoKey(teacherId, "mp4"), Readable.from([introVideoBytes()]));
  const url = `${introVideoPath(teacherId, "mp4")}?v=1`;
  await deps.db.update(teacherProfiles).set({ introVideoUrl: url }).where(eq(teacherProfiles.id, teacherId));
  return url;
}
