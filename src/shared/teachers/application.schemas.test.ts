import { describe, expect, it } from "vitest";
import { teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { detectedTimeZone, teacherApplicationSchema, US_TIME_ZONES } from "./application.schemas";
import { isIanaTimeZone } from "../time-zone.rules";

describe("time zones", () => {
  it("offers only zones the runtime knows, and defaults to the browser's own", () => {
    for (const zone of Object.keys(US_TIME_ZONES)) expect(isIanaTimeZone(zone), zone).toBe(true);
    expect(detectedTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it.each([
    ["UTC", true],
    ["Asia/Kolkata", true],
    ["Asia/Calcutta", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Mars/Olympus_Mons", false],
    ["", false],
    ["../../etc/passwd", false],
  ])("an application in %j is accepted: %s", (timeZone, ok) => {
    expect(teacherApplicationSchema.safeParse(teacherApplicationBody({ personal: { timeZone } })).success).toBe(ok);
  });
});

describe("teacherApplicationSchema", () => {
  it("drops days without times, stores times as HH:mm:ss, and drops the explanation when there were no complaints", () => {
    const parsed = teacherApplicationSchema.parse(
      teacherApplicationBody({
        availability: [
          { dayOfWeek: 1, startTime: "09:00", endTime: "17:00" },
          { dayOfWeek: 2, startTime: "", endTime: "" },
          { dayOfWeek: 0, startTime: "10:00", endTime: "11:30" },
        ],
        screening: { priorComplaints: false, complaintExplanation: "left over from an earlier answer" },
      }),
    );
    expect(parsed.availability.days).toEqual([
      { dayOfWeek: 1, startTime: "09:00:00", endTime: "17:00:00" },
      { dayOfWeek: 0, startTime: "10:00:00", endTime: "11:30:00" },
    ]);
    expect(parsed.screening.complaintExplanation).toBeNull();
  });

  it("accepts its own output again (the form sends what it parsed; the server parses it once more)", () => {
    const once = teacherApplicationSchema.parse(teacherApplicationBody());
    expect(teacherApplicationSchema.parse(once)).toEqual(once);
  });
});
