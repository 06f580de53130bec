import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ClassDetail, Grade } from "../../../shared/classes/classes.api";
import { newClassProgress } from "../../../shared/classes/progress.rules";
import { GradeProgress } from "./grade-progress";
import { ScoreBadge } from "./score-badge";

describe("ScoreBadge", () => {
  it.each([
    [100, "green"],
    [90, "green"],
    [89, "yellow"],
    [70, "yellow"],
    [69, "red"],
    [0, "red"],
  ] as const)("shows %i%% as %s, with the figure as text", (score, tone) => {
    render(<ScoreBadge score={score} />);
    const badge = screen.getByText(`${score}%`);
    expect(badge).toHaveAttribute("data-tone", tone);
    expect(badge.className).toContain(tone === "green" ? "emerald" : tone === "yellow" ? "amber" : "red");
  });
});

const grade = (title: string, score: number, date: string, createdAt = `${date}T10:00:00.000Z`): Grade => ({
  id: title,
  title,
  score,
  category: "Technique",
  feedback: "",
  date,
  createdAt,
});

function detailWith(grades: Grade[], scored: boolean): ClassDetail {
  const progress = newClassProgress("grade");
  const categories = progress.categories.map((c, i) => ({ ...c, score: scored && i === 0 ? 823 : null }));
  return {
    id: "c1",
    name: "Piano",
    description: "",
    status: "active",
    teacherName: "Casey Keys",
    studentName: "Mia Rivera",
    joinCode: null,
    familyArchived: false,
    format: "grade",
    lastUpdated: "2026-01-01T00:00:00.000Z",
    createdAt: "2026-01-01T00:00:00.000Z",
    viewerRole: "parent",
    teacherId: null,
    teacherCanTeach: false,
    teacherUserId: null,
    studentId: null,
    parentId: null,
    enrolledSince: "2026-01-02T00:00:00.000Z",
    progress: { ...progress, categories, overall: scored ? 823 : 650 },
    practice: { enabled: true, xp: 0, otherXpClasses: 0 },
    grades,
    files: [],
    earlierStudents: [],
  };
}

describe("GradeProgress", () => {
  it("shows no overall figure and the empty text before the first grade", () => {
    render(<GradeProgress detail={detailWith([], false)} />);
    expect(screen.queryByText("650")).not.toBeInTheDocument();
    expect(screen.getAllByText("No grades yet").length).toBeGreaterThan(0);
    expect(screen.getByText("No assessments available yet.")).toBeInTheDocument();
  });

  it("shows the overall grade with its label and the 3 newest assessments with their badges", () => {
    const grades = [
      grade("Oldest", 50, "2026-01-01"),
      grade("Newest", 95, "2026-03-01"),
      grade("Middle", 75, "2026-02-01"),
      grade("Same day, later", 60, "2026-02-01", "2026-02-01T12:00:00.000Z"),
    ];
    render(<GradeProgress detail={detailWith(grades, true)} />);
    expect(screen.getByTestId("overall-grade")).toHaveTextContent("823");
    // 823 is the overall of a 95 % grade's category: Excellent, like the grade's green badge.
    expect(screen.getByRole("region", { name: "Overall Grade" })).toHaveTextContent("823Excellent");
    const titles = screen.getAllByRole("listitem").map((li) => li.textContent ?? "");
    const recent = titles.filter((t) => /Newest|Middle|Oldest|Same day/.test(t));
    expect(recent.map((t) => t.match(/Newest|Same day, later|Middle|Oldest/)?.[0])).toEqual(["Newest", "Same day, later", "Middle"]);
    expect(screen.getByText("95%")).toHaveAttribute("data-tone", "green");
    expect(screen.getByText("75%")).toHaveAttribute("data-tone", "yellow");
    expect(screen.getByText("60%")).toHaveAttribute("data-tone", "red");
    expect(screen.queryByText("50%")).not.toBeInTheDocument();
  });
});
