import { describe, expect, it } from "vitest";
import type { PracticeWeek } from "../practice/practice-week.rules";
import {
  childHasNews,
  dayLabel,
  digestWorthSending,
  goalLine,
  inRange,
  latestWeeklyEmailRound,
  nextWeekRange,
  noteExcerpt,
  practiceLine,
  streakLine,
  summaryWorthSending,
  weekRange,
  weeklyEmailWindowOpen,
  type DigestChild,
  type ParentDigest,
} from "./weekly-digest.rules";

const week = (over: Partial<PracticeWeek> = {}): PracticeWeek => ({
  weekStart: "2026-11-23",
  minutes: 0,
  timedMinutes: 0,
  selfReportedMinutes: 0,
  days: 0,
  goalDays: 0,
  goalMet: null,
  ...over,
});

const quietChild = (over: Partial<DigestChild> = {}): DigestChild => ({
  studentId: "s1",
  name: "Mia Park",
  lessons: [],
  laterThisWeek: [],
  attended: [],
  reviews: [],
  week: week(),
  goal: null,
  streak: { current: 0, longest: 0 },
  grades: [],
  achievements: [],
  openHomework: [],
  ...over,
});

const digest = (children: DigestChild[], unreadMessages = 0): ParentDigest => ({ firstName: "Dana", timeZone: "America/New_York", weekStart: "2026-11-23", children, unreadMessages });

describe("what the weekly emails say", () => {
  it("a child with nothing at all has no news; any one thing is news", () => {
    expect(childHasNews(quietChild())).toBe(false);
    expect(childHasNews(quietChild({ week: week({ minutes: 5, days: 1, selfReportedMinutes: 5 }) }))).toBe(true);
    expect(childHasNews(quietChild({ lessons: [{ startsAt: "2026-11-30T15:00:00.000Z", teacherName: "Ann Lee", bookingType: "full" }] }))).toBe(true);
    expect(childHasNews(quietChild({ grades: [{ classId: "c", className: "Piano", title: "Quiz", score: 90 }] }))).toBe(true);
    expect(childHasNews(quietChild({ achievements: [{ classId: "c", className: "Piano", name: "Steady Hands" }] }))).toBe(true);
    expect(childHasNews(quietChild({ openHomework: [{ dueOn: "2026-12-01", items: ["Scales"] }] }))).toBe(true);
    const lesson = { startsAt: "2026-11-24T15:00:00.000Z", teacherName: "Ann Lee", bookingType: "full" as const };
    expect(childHasNews(quietChild({ attended: [{ ...lesson, note: null }] }))).toBe(true);
    expect(childHasNews(quietChild({ laterThisWeek: [lesson] }))).toBe(true);
    expect(childHasNews(quietChild({ reviews: [{ teacherName: "Ann Lee", items: [], comment: null, reviewedAt: "2026-11-25T15:00:00.000Z" }] }))).toBe(true);
  });

  it("a digest keeps only the children with news, and is not sent with none and no unread messages", () => {
    expect(digestWorthSending(digest([quietChild()]))).toBeNull();
    expect(digestWorthSending(digest([]))).toBeNull();
    expect(digestWorthSending(digest([quietChild()], 2))).toEqual(digest([], 2));
    const busy = quietChild({ studentId: "s2", week: week({ minutes: 10, days: 1, timedMinutes: 10 }) });
    expect(digestWorthSending(digest([quietChild(), busy]))?.children).toEqual([busy]);
  });

  it("a teacher's summary lists students who practised or have homework open, and is not sent otherwise", () => {
    const student = { studentId: "s1", name: "Mia Park", week: week(), goal: null, streak: { current: 0, longest: 3 }, openHomework: [] };
    const summary = { firstName: "Ann", weekStart: "2026-11-23", students: [student] };
    expect(summaryWorthSending(summary)).toBeNull();
    const withHomework = { ...student, openHomework: [{ dueOn: null, items: [] }] };
    expect(summaryWorthSending({ ...summary, students: [student, withHomework] })?.students).toEqual([withHomework]);
  });

  it("practice lines say minutes, days and where the minutes came from, each with its unit, against the goal (issue 41)", () => {
    const goal = { minutesPerDay: 15, daysPerWeek: 5 };
    expect(practiceLine(week(), null)).toBe("No practice logged");
    expect(practiceLine(week(), goal)).toBe("No practice logged yet");
    expect(practiceLine(week({ minutes: 1, days: 1, selfReportedMinutes: 1 }), null)).toBe("1 minute on 1 day (all self-reported)");
    expect(practiceLine(week({ minutes: 21, days: 2, timedMinutes: 1, selfReportedMinutes: 20, goalDays: 1, goalMet: false }), goal)).toBe(
      "21 minutes on 2 days (1 minute timed, 20 minutes self-reported); daily goal reached on 1 of 5 days",
    );
    expect(practiceLine(week({ minutes: 100, days: 5, timedMinutes: 100, goalDays: 5, goalMet: true }), goal)).toBe("100 minutes on 5 days (all timed); goal met on 5 of 5 days");
  });

  it("the week's goal reads as minutes done of the week's minutes (issue 41: \"21 of 75 minutes\")", () => {
    expect(goalLine(week({ minutes: 21 }), { minutesPerDay: 15, daysPerWeek: 5 })).toBe("21 of 75 minutes (goal: 15 minutes a day, 5 days a week)");
    expect(goalLine(week(), { minutesPerDay: 1, daysPerWeek: 1 })).toBe("0 of 1 minute (goal: 1 minute a day, 1 day a week)");
    expect(goalLine(week({ minutes: 21 }), null)).toBeNull();
  });

  it("a long lesson note is cut at a word and points to the child's page; a short one is whole", () => {
    expect(noteExcerpt("  Worked on bars 1-16.  ", "Mia")).toBe("Worked on bars 1-16.");
    const long = `${"word ".repeat(200)}end`;
    const cut = noteExcerpt(long, "Mia");
    expect(cut.length).toBeLessThan(700);
    expect(cut).toMatch(/word… \(the whole note is on Mia's page\)$/);
  });

  it("a streak line names the longest only when it is longer, and nothing without a streak", () => {
    expect(streakLine({ current: 0, longest: 4 })).toBeNull();
    expect(streakLine({ current: 2, longest: 2 })).toBe("2-day streak");
    expect(streakLine({ current: 2, longest: 6 })).toBe("2-day streak (longest 6 days)");
  });
});

describe("weeklyEmailWindowOpen", () => {
  it.each([
    ["2026-11-28T03:59:00Z", false], // Saturday before 04:00 UTC: no zone's Sunday 18:00 within a day
    ["2026-11-28T04:00:00Z", true],
    ["2026-11-29T23:00:00Z", true], // Sunday 18:00 in New York
    ["2026-11-30T17:59:00Z", true],
    ["2026-11-30T18:00:00Z", false], // Monday 18:00 UTC: even UTC-12's Sunday evening is 12 h past
    ["2026-12-02T12:00:00Z", false],
  ])("%s → %s", (at, open) => {
    expect(weeklyEmailWindowOpen(new Date(at))).toBe(open);
  });
});

describe("next week of a digest (issue 41)", () => {
  it("is the following Monday to Sunday on the reader's calendar, so Sunday the 29th is not listed as next week's", () => {
    const { from, to } = nextWeekRange("2026-11-23", "America/New_York");
    expect(from.toISOString()).toBe("2026-11-30T05:00:00.000Z");
    expect(to.toISOString()).toBe("2026-12-07T05:00:00.000Z");
    const sundayEvening = new Date("2026-11-29T23:30:00.000Z");
    expect(sundayEvening < from).toBe(true);
    // Across the change of clocks the week is still whole days on the reader's calendar.
    expect(nextWeekRange("2026-10-26", "Europe/London").from.toISOString()).toBe("2026-11-02T00:00:00.000Z");
  });
});

describe("this week of a digest (issue 41)", () => {
  it("is Monday 00:00 to the next Monday 00:00 on the reader's calendar: Sunday evening in New York is Monday in UTC, and still this week", () => {
    const range = weekRange("2026-11-23", "America/New_York");
    expect(range.from.toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(range.to.toISOString()).toBe("2026-11-30T05:00:00.000Z");
    expect(inRange("2026-11-30T01:00:00.000Z", range)).toBe(true); // Sunday 29th, 20:00 in New York
    expect(inRange("2026-11-23T02:00:00.000Z", range)).toBe(false); // Sunday 22nd, 21:00 in New York
    expect(inRange(range.to, range)).toBe(false);
    expect(inRange(range.from, range)).toBe(true);
    expect(dayLabel("2026-11-30T01:00:00.000Z", "America/New_York")).toBe("Sun, Nov 29");
    expect(dayLabel("2026-11-30T01:00:00.000Z", "UTC")).toBe("Mon, Nov 30");
  });
});

describe("latestWeeklyEmailRound (the round due in a zone)", () => {
  it("is this week's Sunday 18:00 once it has come, on the zone's clock", () => {
    // Sunday 29 Nov 2026, 18:00 in New York is 23:00 UTC.
    expect(latestWeeklyEmailRound("America/New_York", new Date("2026-11-29T23:00:00Z"))).toEqual({ weekStart: "2026-11-23", at: new Date("2026-11-29T23:00:00Z") });
    expect(latestWeeklyEmailRound("America/New_York", new Date("2026-11-30T04:59:00Z"))).toEqual({ weekStart: "2026-11-23", at: new Date("2026-11-29T23:00:00Z") });
  });

  it("is last week's until this week's Sunday 18:00 comes", () => {
    expect(latestWeeklyEmailRound("America/New_York", new Date("2026-11-29T22:59:00Z"))).toEqual({ weekStart: "2026-11-16", at: new Date("2026-11-22T23:00:00Z") });
    // Monday already in Tokyo: the Sunday just past.
    expect(latestWeeklyEmailRound("Asia/Tokyo", new Date("2026-11-29T16:00:00Z"))).toEqual({ weekStart: "2026-11-23", at: new Date("2026-11-29T09:00:00Z") });
  });

  it("counts a zone this runtime does not know as UTC", () => {
    expect(latestWeeklyEmailRound("Atlantis/Nowhere", new Date("2026-11-29T18:00:00Z"))).toEqual({ weekStart: "2026-11-23", at: new Date("2026-11-29T18:00:00Z") });
  });

  it("follows daylight saving: Sunday 18:00 in Berlin is 16:00 UTC in summer, 17:00 UTC in winter", () => {
    expect(latestWeeklyEmailRound("Europe/Berlin", new Date("2026-07-05T16:00:00Z")).at).toEqual(new Date("2026-07-05T16:00:00Z"));
    expect(latestWeeklyEmailRound("Europe/Berlin", new Date("2026-12-06T17:00:00Z")).at).toEqual(new Date("2026-12-06T17:00:00Z"));
  });
});
