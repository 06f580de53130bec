import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { summarize, type StatementLessonInput } from "../../../shared/earnings/earnings.rules";
import type { Statement, StatementLesson } from "../../../shared/earnings/earnings.schemas";
import { StatementLessons } from "./statement-lessons";
import { StatementMonthTable } from "./statement-month-table";
import { StatementTiles } from "./statement-tiles";

const NOW = new Date("2026-03-20T12:00:00.000Z");
const RATE = { min: 120, max: 150 };
const ZONE = "America/New_York";

const inputs: StatementLessonInput[] = [
  { status: "accepted", attendance: "attended", startsAt: new Date("2026-03-03T15:00:00Z"), bookingType: "full", lateCancel: null, rate: RATE },
  { status: "cancelled", attendance: null, startsAt: new Date("2026-03-10T15:00:00Z"), bookingType: "full", lateCancel: true, rate: RATE },
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
  rate: RATE,
  value: RATE,
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
    rates: [{ teacherId: "t1", teacherName: "Casey Keys", rate: RATE }],
    lessons: [
      lesson({}),
      lesson({ bookingId: "b2", startsAt: "2026-03-10T15:00:00.000Z", outcome: "cancelled", cancelledBy: "parent", lateCancel: true, value: null }),
    ],
  };
}

describe("a cancelled lesson on a statement (billing and earnings)", () => {
  it("is listed as cancelled with nothing owed, never with the lesson's price", () => {
    render(<StatementLessons statement={statement()} side="parent" />);
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Attended · $120-150");
    expect(rows[1]).toHaveTextContent("Cancelled by the parent, late · Not owed");
    expect(rows[1]).not.toHaveTextContent("$");
  });

  it("is counted in the Cancelled tile without a value, and the other totals leave it out", () => {
    render(<StatementTiles statement={statement()} />);
    expect(screen.getByTestId("total-cancelled-count")).toHaveTextContent("1 lesson (1 late)");
    expect(screen.getByTestId("total-cancelled-value")).toHaveTextContent("Not owed");
    expect(screen.getByTestId("total-attended-value")).toHaveTextContent("$120-150");
    expect(screen.getByTestId("total-upcoming-value")).toHaveTextContent("$0");
  });

  it("shows no value for cancelled lessons in the month table or its totals row", () => {
    render(<StatementMonthTable statement={statement()} />);
    const table = screen.getByRole("table");
    const [month, total] = within(table)
      .getAllByRole("row")
      .filter((row) => /March 2026|Total 2026/.test(row.textContent ?? ""));
    for (const row of [month!, total!]) {
      const cells = within(row).getAllByRole("cell");
      // Columns: attended, missed, not marked yet, upcoming, cancelled.
      expect(cells[0]).toHaveTextContent("1$120-150");
      expect(cells[4]).toHaveTextContent("1 (1 late)Not owed");
      expect(cells[4]).not.toHaveTextContent("$");
    }
  });
});
