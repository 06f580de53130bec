import { describe, expect, it } from "vitest";
import { applicationChanges, reviewedFields } from "./application-changes.rules";

const application = {
  id: "t1",
  accountEmail: "clara@example.test",
  firstName: "Clara",
  lastName: "Wieck",
  email: "clara@example.test",
  phone: "(512) 555-0199",
  city: "Austin",
  state: "TX",
  timeZone: "America/Chicago",
  bio: "Concert pianist.",
  hasTransportation: true,
  educationBackground: "Conservatory" as const,
  teachingExperienceYears: "5+" as const,
  teachingMethods: ["Suzuki" as const],
  ageGroupsTaught: ["Kids 5-10" as const],
  teachingStyleDescription: "Warm.",
  lessonFormat: "both" as const,
  inPersonPlace: "family_home" as const,
  studioAddress: null,
  platformExperience: "Zoom",
  videoConferenceExperience: true,
  backgroundCheckConsent: true,
  priorComplaints: false,
  complaintExplanation: null,
  canProvideReferences: false,
  hourlyRateMin: 40,
  hourlyRateMax: 70,
  instruments: ["piano" as const],
  availability: [{ dayOfWeek: 1, startTime: "09:00", endTime: "17:00" }],
  introVideoUrl: null,
};

describe("what changed in an application since the review (issue 41)", () => {
  const before = reviewedFields(application);

  it.each([
    ["nothing", {}, []],
    ["the teaching style", { teachingStyleDescription: "Warm and structured." }, [{ field: "Teaching style", before: "Warm.", after: "Warm and structured." }]],
    ["the rate", { hourlyRateMax: 80 }, [{ field: "Hourly rate", before: "$40-$70", after: "$40-$80" }]],
    ["an instrument added", { instruments: ["piano" as const, "voice" as const] }, [{ field: "Instruments", before: "Piano", after: "Piano, Voice" }]],
    [
      "a day of availability",
      { availability: [...application.availability, { dayOfWeek: 3, startTime: "10:00", endTime: "12:00" }] },
      [{ field: "Weekly availability", before: "Monday 09:00-17:00", after: "Monday 09:00-17:00, Wednesday 10:00-12:00" }],
    ],
    ["a video uploaded", { introVideoUrl: "/api/files/teacher-videos/t1/intro-video.mp4?v=1764441600000" }, [{ field: "Intro video", before: "None", after: "Uploaded 2025-11-29 18:40 UTC" }]],
  ])("%s", (_what, change, expected) => {
    expect(applicationChanges(before, reviewedFields({ ...application, ...change }))).toEqual(expected);
  });

  it("a replaced video is a change, though both are uploaded", () => {
    const first = reviewedFields({ ...application, introVideoUrl: "/v.mp4?v=1764441600000" });
    const second = reviewedFields({ ...application, introVideoUrl: "/v.mp4?v=1764445200000" });
    expect(applicationChanges(first, second).map((c) => c.field)).toEqual(["Intro video"]);
  });

  it("a field kept from an older snapshot that no longer exists counts as changed to None", () => {
    expect(applicationChanges({ ...before, Retired: "x" }, before)).toEqual([{ field: "Retired", before: "x", after: "None" }]);
  });
});
