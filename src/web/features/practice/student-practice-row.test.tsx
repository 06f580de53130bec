import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PracticeOverviewStudent } from "../../../shared/practice/practice.api";
import { StudentPracticeRow } from "./student-practice-row";

const practice: PracticeOverviewStudent = {
  studentId: "s1",
  studentName: "Mia Rivera",
  today: "2026-12-03",
  week: { weekStart: "2026-11-30", minutes: 0, timedMinutes: 0, selfReportedMinutes: 0, days: 0, goalDays: 0, goalMet: null },
  streak: { current: 0, longest: 0 },
  goal: null,
  openHomework: [
    { id: "h1", dueOn: "2026-12-03", itemCount: 1, goalMinutesPerDay: null, goalDaysPerWeek: null, classId: null },
    { id: "h2", dueOn: "2026-12-10", itemCount: 2, goalMinutesPerDay: 15, goalDaysPerWeek: 5, classId: null },
  ],
  entriesLogged: 0,
};

describe("My Students: open homework says what the teacher can do (issue 41)", () => {
  it("offers Review for homework that is due, and says when review opens for the rest", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StudentPracticeRow studentId="s1" studentName="Mia Rivera" practice={practice} nextLessonOn={null} />
      </QueryClientProvider>,
    );
    const [due, later] = within(screen.getByRole("list", { name: "Open homework of Mia Rivera" })).getAllByTestId("open-homework");
    expect(within(due!).getByRole("button", { name: "Review homework of Mia Rivera due Thu, Dec 3" })).toHaveTextContent("Review");
    expect(later).toHaveTextContent("Due Thu, Dec 10: review opens then, or once a lesson with Mia starts");
    expect(within(later!).queryByRole("button")).not.toBeInTheDocument();
  });
});
