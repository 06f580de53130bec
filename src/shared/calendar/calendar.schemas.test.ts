import { describe, expect, it } from "vitest";
import {
  END_AFTER_START_MESSAGE,
  EVENT_YEAR_MESSAGE,
  EVENT_TYPE_MESSAGE,
  eventFormValues,
  eventInputSchema,
  eventRangeQuerySchema,
  RANGE_LENGTH_MESSAGE,
  RANGE_ORDER_MESSAGE,
} from "./calendar.schemas";

const STUDENT = "6f1c2a7e-4b1d-4c55-9a0e-2f3b4c5d6e7f";
const valid = {
  title: "Scales",
  eventType: "practice",
  date: "2026-11-24",
  startTime: "16:00",
  endTime: "16:30",
  timeZone: "America/New_York",
};

/** First issue's path and message, or "ok". */
function firstIssue(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return "ok";
  const issue = result.error!.issues[0]!;
  return `${issue.path.join(".")}: ${issue.message}`;
}

describe("eventInputSchema", () => {
  it.each([
    ["a valid practice", {}, "ok"],
    ["a reminder with a student and notes", { eventType: "reminder", studentId: STUDENT, notes: "Bring the book" }, "ok"],
    ["an empty student select", { studentId: "" }, "ok"],
    ["no title", { title: undefined }, "title: Title is required"],
    ["a blank title", { title: "   " }, "title: Title is required"],
    ["a long title", { title: "x".repeat(121) }, "title: Title must be at most 120 characters"],
    ["a lesson (comes from bookings)", { eventType: "lesson" }, `eventType: ${EVENT_TYPE_MESSAGE}`],
    ["no event type", { eventType: undefined }, `eventType: ${EVENT_TYPE_MESSAGE}`],
    ["no date", { date: undefined }, "date: Date is required"],
    ["an impossible date", { date: "2026-02-30" }, "date: Date must be a date like 2026-11-22"],
    ["a US date", { date: "11/24/2026" }, "date: Date must be a date like 2026-11-22"],
    ["no start time", { startTime: undefined }, "startTime: Start time is required"],
    ["no end time", { endTime: undefined }, "endTime: End time is required"],
    ["a bad time", { endTime: "25:00" }, "endTime: End time must be a time like 09:00"],
    ["end equal to start", { endTime: "16:00" }, `endTime: ${END_AFTER_START_MESSAGE}`],
    ["end before start", { startTime: "17:00" }, `endTime: ${END_AFTER_START_MESSAGE}`],
    [
      "a start in the spring-forward gap that ends before it",
      { date: "2026-03-08", startTime: "02:30", endTime: "03:15" },
      `endTime: ${END_AFTER_START_MESSAGE}`,
    ],
    ["a start in the gap that still ends after it", { date: "2026-03-08", startTime: "02:30", endTime: "04:00" }, "ok"],
    ["a bad student id", { studentId: "abc" }, "studentId: Student not found"],
    ["long notes", { notes: "x".repeat(2001) }, "notes: Notes must be at most 2000 characters"],
    ["an unknown zone", { timeZone: "Mars/Base" }, "timeZone: Unknown time zone"],
    ["no zone", { timeZone: undefined }, "timeZone: Time zone is required"],
  ])("%s → %s", (_name, change, expected) => {
    expect(firstIssue(eventInputSchema, { ...valid, ...change })).toBe(expected);
  });

  it("trims and normalises an empty student to undefined", () => {
    const parsed = eventInputSchema.parse({ ...valid, title: "  Scales ", studentId: "", notes: " x " });
    expect(parsed).toMatchObject({ title: "Scales", studentId: undefined, notes: "x" });
  });
});

describe("eventRangeQuerySchema", () => {
  it.each([
    ["instants", { from: "2026-11-01T04:00:00Z", to: "2026-12-06T05:00:00Z" }, "2026-11-01T04:00:00.000Z", "2026-12-06T05:00:00.000Z"],
    ["dates in UTC by default", { from: "2026-11-01", to: "2026-12-01" }, "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"],
    [
      "dates in a zone",
      { from: "2026-11-01", to: "2026-11-02", timeZone: "America/New_York" },
      "2026-11-01T04:00:00.000Z",
      "2026-11-02T05:00:00.000Z",
    ],
    ["exactly 62 days", { from: "2026-01-01", to: "2026-03-04" }, "2026-01-01T00:00:00.000Z", "2026-03-04T00:00:00.000Z"],
  ])("accepts %s", (_name, query, from, to) => {
    const parsed = eventRangeQuerySchema.parse(query);
    expect([parsed.from.toISOString(), parsed.to.toISOString()]).toEqual([from, to]);
  });

  it.each([
    ["to before from", { from: "2026-11-02", to: "2026-11-01" }, `to: ${RANGE_ORDER_MESSAGE}`],
    ["to equal to from", { from: "2026-11-01", to: "2026-11-01" }, `to: ${RANGE_ORDER_MESSAGE}`],
    ["63 days", { from: "2026-01-01", to: "2026-03-05" }, `to: ${RANGE_LENGTH_MESSAGE}`],
    ["62 days and a minute", { from: "2026-01-01T00:00:00Z", to: "2026-03-04T00:01:00Z" }, `to: ${RANGE_LENGTH_MESSAGE}`],
    ["no from", { to: "2026-11-01" }, "from: Start of the range is required"],
    ["a bad to", { from: "2026-11-01", to: "soon" }, "to: End of the range must be a date like 2026-11-01 or an ISO date-time"],
    ["a bad student", { from: "2026-11-01", to: "2026-11-02", studentId: "x" }, "studentId: Student not found"],
    ["an unknown zone", { from: "2026-11-01", to: "2026-11-02", timeZone: "Nowhere/Land" }, "timeZone: Unknown time zone"],
    ["an impossible date", { from: "2026-02-30", to: "2026-03-02" }, "from: Start of the range must be a date like 2026-11-01 or an ISO date-time"],
  ])("refuses %s", (_name, query, expected) => {
    expect(firstIssue(eventRangeQuerySchema, query)).toBe(expected);
  });

  it("passes the student filter on", () => {
    expect(eventRangeQuerySchema.parse({ from: "2026-11-01", to: "2026-11-02", studentId: STUDENT }).studentId).toBe(STUDENT);
  });
});

describe("eventFormValues", () => {
  it("reads an event back into the dialog in the viewer's zone and parses again to the same instants", () => {
    const values = eventFormValues(
      { title: "Scales", eventType: "practice", startsAt: "2026-11-24T21:00:00.000Z", endsAt: "2026-11-24T21:30:00.000Z", studentId: null, notes: null },
      "America/New_York",
    );
    expect(values).toEqual({ ...valid, studentId: "", notes: "" });
    expect(eventInputSchema.safeParse(values).success).toBe(true);
  });
});

describe("event dates stay in usable years", () => {
  it.each(["9999-12-31", "0000-01-01", "1999-12-31", "2101-01-01"])("%s is refused with a message", (date) => {
    const result = eventInputSchema.safeParse({ title: "Scales", eventType: "practice", date, startTime: "09:00", endTime: "10:00", timeZone: "America/New_York" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(EVENT_YEAR_MESSAGE);
  });
});
