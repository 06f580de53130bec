import { describe, expect, it } from "vitest";
import type { Statement, StatementLesson } from "./earnings.schemas";
import { emptyTallies } from "./earnings.rules";
import { statementCsv, statementFileName } from "./statement-csv.rules";

const lesson = (overrides: Partial<StatementLesson>): StatementLesson => ({
  bookingId: "b1",
  startsAt: "2026-02-01T04:30:00.000Z",
  month: "2026-01",
  bookingType: "full",
  outcome: "attended",
  cancelledBy: null,
  lateCancel: false,
  studentName: "Mia Rivera",
  teacherName: "Casey Keys",
  parentName: "Jordan Rivera",
  rate: { min: 50, max: 70 },
  value: { min: 50, max: 70 },
  ...overrides,
});

const statement = (lessons: StatementLesson[]): Statement => ({
  year: 2026,
  years: [2026],
  timeZone: "America/New_York",
  months: [],
  totals: { ...emptyTallies(), lateCancels: 0 },
  rates: [],
  lessons,
});

describe("statementCsv", () => {
  it("writes a header and one line per lesson, in the statement's zone, with a BOM; a cancelled lesson has no value", () => {
    const csv = statementCsv(
      statement([
        lesson({}),
        lesson({ bookingId: "b2", outcome: "cancelled", cancelledBy: "parent", lateCancel: true, studentName: "=cmd|' /C calc'!A0", value: null }),
        lesson({ bookingId: "b3", bookingType: "intro", outcome: "upcoming", value: { min: 0, max: 0 }, startsAt: "2026-03-02T15:00:00.000Z", month: "2026-03" }),
      ]),
      "teacher",
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Month,Date,Start time,Time zone,Student,Parent,Lesson,Minutes,Status,Cancelled by,Late cancel,Rate min ($/hour),Rate max ($/hour),Value min ($),Value max ($)",
    );
    expect(lines[1]).toBe("2026-01,2026-01-31,23:30,America/New_York,Mia Rivera,Jordan Rivera,Full Lesson,60,Attended,,,50,70,50,70");
    expect(lines[2]).toBe("2026-01,2026-01-31,23:30,America/New_York,'=cmd|' /C calc'!A0,Jordan Rivera,Full Lesson,60,Cancelled,parent,yes,50,70,,");
    expect(lines[3]).toBe("2026-03,2026-03-02,10:00,America/New_York,Mia Rivera,Jordan Rivera,Intro Call,15,Upcoming,,,50,70,0,0");
    expect(lines[4]).toBe("");
    expect(lines).toHaveLength(5);
  });

  it("names the teacher on a parent's billing", () => {
    const [header, row] = statementCsv(statement([lesson({})]), "parent").slice(1).split("\r\n");
    expect(header).toContain(",Student,Teacher,");
    expect(row).toContain(",Mia Rivera,Casey Keys,");
  });

  it("names the file for the side and year", () => {
    expect(statementFileName("teacher", 2026)).toBe("earnings-2026.csv");
    expect(statementFileName("parent", 2025)).toBe("billing-2025.csv");
  });
});
