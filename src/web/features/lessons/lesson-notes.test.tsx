import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lessonDTO } from "./lesson-dto.fixture";
import { LessonNotes } from "./lesson-panels";

/** Issue 41: the class page's lesson notes, on both sides. */

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const otherTeacher = { id: "t2", firstName: "Robin", lastName: "Bow", timeZone: "America/Chicago" };

// In the server's order (by start): a week-old note, a note on a lesson still running, another
// teacher's note, an upcoming lesson, and another child's note.
const LESSONS = [
  lessonDTO({ id: "old", startsAt: at(-168), attendance: "attended", lessonNote: "Scales in G major." }),
  lessonDTO({ id: "other-teacher", startsAt: at(-100), attendance: "attended", lessonNote: "Bowing.", teacher: otherTeacher }),
  lessonDTO({ id: "running", startsAt: at(-0.5), attendance: "attended", lessonNote: "Started the Minuet, booked outside the class." }),
  lessonDTO({ id: "upcoming", startsAt: at(48) }),
  lessonDTO({ id: "sibling", startsAt: at(-24), attendance: "attended", lessonNote: "Noah's note.", student: { id: "s2", firstName: "Noah", lastName: "Rivera" } }),
];

function renderNotes(side: "parent" | "teacher") {
  const fetchSpy = vi.fn((_input: RequestInfo | URL) =>
    Promise.resolve(new Response(JSON.stringify({ lessons: LESSONS }), { headers: { "content-type": "application/json" } })),
  );
  vi.stubGlobal("fetch", fetchSpy);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LessonNotes studentId="s1" teacherId="t1" side={side} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchSpy;
}

const requested = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

afterEach(() => vi.unstubAllGlobals());

describe("lesson notes on the class page", () => {
  it("the parent reads the child's notes with this teacher, newest first, a running lesson's included", async () => {
    const fetchSpy = renderNotes("parent");
    const rows = await screen.findAllByTestId("lesson-row");
    expect(rows.map((row) => within(row).getByText(/^(Scales|Started|Bowing|Noah)/).textContent)).toEqual([
      "Started the Minuet, booked outside the class.",
      "Scales in G major.",
    ]);
    expect(requested(fetchSpy.mock.calls[0]![0])).toContain("/api/lessons/mine");
  });

  it("the teacher reads the same child's notes from their own lessons", async () => {
    const fetchSpy = renderNotes("teacher");
    expect(await screen.findByText("Started the Minuet, booked outside the class.")).toBeInTheDocument();
    expect(screen.queryByText("Noah's note.")).toBeNull();
    expect(requested(fetchSpy.mock.calls[0]![0])).toContain("/api/lessons/teaching");
  });
});
