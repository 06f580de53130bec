import { describe, expect, it } from "vitest";
import {
  discoveryUpdateSchema,
  INSTRUMENTS_MESSAGE,
  NOTHING_TO_UPDATE_MESSAGE,
  RATE_ORDER_MESSAGE,
  STUDIO_ADDRESS_REQUIRED_MESSAGE,
  teacherProfileUpdateSchema,
  teacherSettingsFormSchema,
  TIME_ZONE_MESSAGE,
} from "./profile.schemas";

const form = {
  firstName: "Terry",
  lastName: "Teacher",
  phone: "(555) 555-0100",
  city: "Austin",
  state: "TX",
  bio: "",
  educationBackground: "Degree",
  teachingExperienceYears: "3-5",
  teachingMethods: ["Suzuki"],
  ageGroupsTaught: ["Adults"],
  teachingStyleDescription: "Patient.",
  lessonFormat: "both",
  hourlyRateMin: 40,
  hourlyRateMax: 60,
  timeZone: "America/Chicago",
  instruments: ["piano"],
  meetingUrl: "",
  inPersonPlace: "studio",
  studioAddress: "1 Studio Way, Austin, TX",
};

const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((i) => (i.path[0] ?? "_") === field)?.message;

describe("teacherSettingsFormSchema", () => {
  it("accepts a complete profile, trimmed", () => {
    const parsed = teacherSettingsFormSchema.parse({ ...form, firstName: "  Terry ", bio: "  Hello " });
    expect(parsed.firstName).toBe("Terry");
    expect(parsed.bio).toBe("Hello");
  });

  it("needs no studio address to teach online only or at the family's home, and no meeting link at all", () => {
    for (const change of [{ lessonFormat: "online" }, { inPersonPlace: "family_home" }]) {
      expect(teacherSettingsFormSchema.parse({ ...form, ...change, studioAddress: "" })).toMatchObject({ ...change, studioAddress: null, meetingUrl: null });
    }
  });

  it("accepts equal rates and zero", () => {
    expect(teacherSettingsFormSchema.safeParse({ ...form, hourlyRateMin: 0, hourlyRateMax: 0 }).success).toBe(true);
  });

  it.each([
    ["hourlyRateMin", RATE_ORDER_MESSAGE, { hourlyRateMin: 70, hourlyRateMax: 60 }],
    ["hourlyRateMin", "Minimum hourly rate must be a whole number from 0 to 10000", { hourlyRateMin: -1 }],
    ["hourlyRateMax", "Maximum hourly rate must be a whole number from 0 to 10000", { hourlyRateMax: 60.5 }],
    ["hourlyRateMax", "Maximum hourly rate must be a whole number from 0 to 10000", { hourlyRateMax: Number.NaN }],
    ["firstName", "First name is required", { firstName: "   " }],
    ["phone", "Phone is required", { phone: "" }],
    ["phone", "Phone may contain only digits, spaces and ( ) + - .", { phone: "call me" }],
    ["city", "City is required", { city: " " }],
    ["teachingStyleDescription", "Teaching style description is required", { teachingStyleDescription: "" }],
    ["timeZone", TIME_ZONE_MESSAGE, { timeZone: "Nowhere/Special" }],
    ["instruments", INSTRUMENTS_MESSAGE, { instruments: [] }],
    ["instruments", "Choose instruments from the list", { instruments: ["kazoo"] }],
    ["teachingMethods", "Each of the teaching methods can be chosen only once", { teachingMethods: ["Suzuki", "Suzuki"] }],
    ["ageGroupsTaught", "Choose age groups from the list", { ageGroupsTaught: ["Seniors"] }],
    ["lessonFormat", "Choose a lesson format: in person, online or both", { lessonFormat: "flexible" }],
    ["studioAddress", STUDIO_ADDRESS_REQUIRED_MESSAGE, { studioAddress: "  " }],
    ["studioAddress", STUDIO_ADDRESS_REQUIRED_MESSAGE, { studioAddress: null, lessonFormat: "in_person" }],
    ["meetingUrl", "Enter a meeting link that starts with https:// (or http://), e.g. https://zoom.us/j/123", { meetingUrl: "zoom.us/j/1" }],
    ["inPersonPlace", "Choose where in-person lessons happen: at your studio or at the family's home", { inPersonPlace: "" }],
  ])("%s → %s", (field, message, change) => {
    const result = teacherSettingsFormSchema.safeParse({ ...form, ...change });
    expect(result.success).toBe(false);
    expect(firstMessage(result, field)).toBe(message);
  });
});

describe("teacherProfileUpdateSchema", () => {
  it("accepts any subset, and the video only as null", () => {
    expect(teacherProfileUpdateSchema.parse({ bio: "New" })).toEqual({ bio: "New" });
    expect(teacherProfileUpdateSchema.parse({ introVideoUrl: null })).toEqual({ introVideoUrl: null });
  });

  it.each([
    ["_", NOTHING_TO_UPDATE_MESSAGE, {}],
    ["introVideoUrl", undefined, { introVideoUrl: "https://evil.example/video.mp4" }],
    ["hourlyRateMin", RATE_ORDER_MESSAGE, { hourlyRateMin: 90, hourlyRateMax: 10 }],
  ])("refuses %s", (field, message, body) => {
    const result = teacherProfileUpdateSchema.safeParse(body);
    expect(result.success).toBe(false);
    if (message) expect(firstMessage(result, field)).toBe(message);
    else expect(firstMessage(result, field)).toEqual(expect.any(String));
  });
});

describe("discoveryUpdateSchema", () => {
  it.each([[true], [false]])("accepts %s", (enabled) => {
    expect(discoveryUpdateSchema.parse({ enabled })).toEqual({ enabled });
  });
  it.each([[{}], [{ enabled: "true" }], [{ enabled: 1 }], [{ enabled: null }]])("refuses %j", (body) => {
    expect(discoveryUpdateSchema.safeParse(body).success).toBe(false);
  });
});
