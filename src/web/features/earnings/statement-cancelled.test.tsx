import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { summarize, type StatementLessonInput } from "../../../shared/earnings/earnings.rules";
import type { Statement, StatementLesson } from "../../../shared/earnings/earnings.schemas";
import { StatementLessons } from "./statement-lessons";
import { StatementMonthTable } from "./statement-month-table";
import { StatementTiles } from "./statement-tiles";

const NOW = new Date("2026-03-20T12:00:00.000Z");
const ZONE = "America/New_York";

// An attended lesson at $120.00, a late cancel not charged, a late cancel charged half of $95.50.
const inputs: StatementLessonInput[] = [
  { status: "accepted", attendance: "attended", startsAt: new Date("2026-03-03T15:00:00Z"), bookingType: "full", lateCancel: null, cancelledBy: null, priceCents: 12_000, cancelChargeCents: null },
  { status: "cancelled", attendance: null, startsAt: new Date("2026-03-10T15:00:00Z"), bookingType: "full", lateCancel: true, cancelledBy: "parent", priceCents: 12_000, cancelChargeCents: null },
  { status: "cancelled", attendance: null, startsAt: new Date("2026-03-12T15:00:00Z"), bookingType: "full", lateCancel: true, cancelledBy: "parent", priceCents: 9550, cancelChargeCents: 4775 },
];

const lesson = (overrides: Partial<StatementLesson>): StatementLesson => ({
  bookingId: "b1",
  startsAt: "2026-03-03T15:00:00.000Z",
  month: "2026-03",
  bookingType: "full",
  outcome: "attended",
  cancelledBy: null,
  lateCancel: false,
  studentName: "Mia Rivera",
  teacherName: "Casey Keys",
  parentName: "Jordan Rivera",
  priceCents: 12_000,
  priceEstimated: true,
  cancelChargeCents: null,
  amountCents: 12_000,
  ...overrides,
});

function statement(): Statement {
  const { months, totals } = summarize(inputs, ZONE, NOW);
  return {
    year: 2026,
    years: [2026],
    timeZone: ZONE,
    months,
    totals,
    lessons: [
      lesson({}),
      lesson({ bookingId: "b2", startsAt: "2026-03-10T15:00:00.000Z", outcome: "cancelled", cancelledBy: "parent", lateCancel: true, priceEstimated: false, amountCents: null }),
      lesson({ bookingId: "b3", startsAt: "2026-03-12T15:00:00.000Z", outcome: "cancelled", cancelledBy: "parent", lateCancel: true, priceEstimated: false, priceCents: 9550, cancelChargeCents: 4775, amountCents: 4775 }),
    ],
  };
}

describe("cancelled lessons on a statement (billing and earnings)", () => {
  it("lists a cancel not charged as not owed, a charged one at its charge, and marks estimated prices", () => {
    render(<StatementLessons statement={statement()} side="parent" />);
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Attended · $120.00 USDEstimated");
    expect(rows[1]).toHaveTextContent("Cancelled by the parent, late · Not owed");
    expect(rows[1]).not.toHaveTextContent("$");
    expect(rows[2]).toHaveTextContent("Late cancellation charged · $47.75 USD");
  });

  it("counts the charged cancel in the Cancelled tile and the total, which is the sum of the lessons", () => {
    render(<StatementTiles statement={statement()} />);
    expect(screen.getByTestId("total-cancelled-count")).toHaveTextContent("2 lessons (2 late), 1 charged");
    expect(screen.getByTestId("total-cancelled-value")).toHaveTextContent("$47.75 USD");
    expect(screen.getByTestId("total-attended-value")).toHaveTextContent("$120.00 USD");
    expect(screen.getByTestId("total-upcoming-value")).toHaveTextContent("$0.00 USD");
    expect(screen.getByTestId("total-all-value")).toHaveTextContent("$167.75 USD");
  });

  it("adds up the month table's row and totals row from the lessons", () => {
    render(<StatementMonthTable statement={statement()} />);
    const table = screen.getByRole("table");
    const [month, total] = within(table)
      .getAllByRole("row")
      .filter((row) => /March 2026|Total 2026/.test(row.textContent ?? ""));
    for (const row of [month!, total!]) {
      const cells = within(row).getAllByRole("cell");
      // Columns: attended, missed, not marked yet, upcoming, cancelled, total.
      expect(cells[0]).toHaveTextContent("1$120.00 USD");
      expect(cells[4]).toHaveTextContent("2 (2 late)$47.75 USD");
      expect(cells[5]).toHaveTextContent("$167.75 USD");
    }
  });
});
