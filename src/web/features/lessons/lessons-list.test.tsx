import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { lessonDTO } from "./lesson-dto.fixture";
import { LessonsList } from "./lessons-list";

const lesson = (id: string, firstName: string, startsAt: string) =>
  lessonDTO({ id, startsAt, student: { id: `${id}-s`, firstName, lastName: "Rivera" } });

describe("LessonsList", () => {
  it("names each row's buttons after the child and the time, so a list of them can be told apart", () => {
    const far = Date.now() + 30 * 24 * 3_600_000;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LessonsList
          side="teacher"
          empty="None"
          lessons={[lesson("a", "Mia", new Date(far).toISOString()), lesson("b", "Leo", new Date(far + 7 * 24 * 3_600_000).toISOString())]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const cancels = screen.getAllByRole("button", { name: /^Cancel / }).map((b) => b.textContent);
    expect(cancels).toHaveLength(2);
    expect(cancels[0]).toMatch(/^Cancel Mia's lesson on /);
    expect(cancels[1]).toMatch(/^Cancel Leo's lesson on /);
    expect(new Set(cancels).size).toBe(2);
    expect(screen.getAllByRole("button", { name: /^Reschedule (Mia|Leo)'s lesson on / })).toHaveLength(2);
  });
});
