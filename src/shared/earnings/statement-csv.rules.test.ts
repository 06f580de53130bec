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
  priceCents: 5050,
  priceEstimated: false,
  cancelChargeCents: null,
  amountCents: 5050,
  ...overrides,
});

const statement = (lessons: StatementLesson[]): Statement => ({
  year: 2026,
  years: [2026],
  timeZone: "America/New_York",
  months: [],
  totals: { ...emptyTallies(), lateCancels: 0, chargedCancels: 0, totalCents: 0 },
  lessons,
});

describe("statementCsv", () => {
  it("writes a header and one line per lesson, in the statement's zone, with a BOM; exact amounts; a cancelled lesson not charged has none", () => {
    const csv = statementCsv(
      statement([
        lesson({}),
        lesson({ bookingId: "b2", outcome: "cancelled", cancelledBy: "parent", lateCancel: true, studentName: "=cmd|' /C calc'!A0", amountCents: null }),
        lesson({ bookingId: "b3", bookingType: "intro", outcome: "upcoming", priceCents: 0, amountCents: 0, startsAt: "2026-03-02T15:00:00.000Z", month: "2026-03" }),
        lesson({ bookingId: "b4", outcome: "cancelled", cancelledBy: "parent", lateCancel: true, cancelChargeCents: 2525, amountCents: 2525, priceEstimated: true }),
      ]),
      "teacher",
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Month,Date,Start time,Time zone,Student,Parent,Lesson,Minutes,Status,Cancelled by,Late cancel,Price (USD),Price estimated,Amount (USD)",
    );
    expect(lines[1]).toBe("2026-01,2026-01-31,23:30,America/New_York,Mia Rivera,Jordan Rivera,Full Lesson,60,Attended,,,50.50,no,50.50");
    expect(lines[2]).toBe("2026-01,2026-01-31,23:30,America/New_York,'=cmd|' /C calc'!A0,Jordan Rivera,Full Lesson,60,Cancelled,parent,yes,50.50,no,");
    expect(lines[3]).toBe("2026-03,2026-03-02,10:00,America/New_York,Mia Rivera,Jordan Rivera,Intro Call,15,Upcoming,,,0.00,no,0.00");
    expect(lines[4]).toBe("2026-01,2026-01-31,23:30,America/New_York,Mia Rivera,Jordan Rivera,Full Lesson,60,Late cancellation charged,parent,yes,50.50,yes,25.25");
    expect(lines[5]).toBe("");
    expect(lines).toHaveLength(6);
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
