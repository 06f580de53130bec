import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
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

  function renderRows(side: "parent" | "teacher", lessons: Parameters<typeof LessonsList>[0]["lessons"]) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LessonsList side={side} empty="None" lessons={lessons} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return screen.getAllByTestId("lesson-row");
  }
  const soon = new Date(Date.now() + 30 * 24 * 3_600_000).toISOString();

  it("a lesson cancelled because the teacher can no longer teach (issue 41): says so, never late, never the teacher's choice", () => {
    const cancelled = { status: "cancelled" as const, cancelledBy: "teacher" as const, cancelledAt: soon, lateCancel: false, teacherCannotTeach: true, place: { format: "online" as const, label: "Online", link: null }, contact: null };
    const [row] = renderRows("parent", [lessonDTO({ startsAt: soon, ...cancelled })]);
    expect(within(row!).getByTestId("teacher-cannot-teach")).toHaveTextContent(
      "Cancelled because Casey can no longer teach on Music Lessons. It does not count as a cancellation by you.",
    );
    expect(within(row!).getByText("Cancelled")).toBeInTheDocument();
    expect(within(row!).queryByText(/late/i)).not.toBeInTheDocument();
    expect(within(row!).queryByRole("link")).not.toBeInTheDocument();
    // A deleted teacher has no name left.
    cleanup();
    const [gone] = renderRows("parent", [lessonDTO({ startsAt: soon, ...cancelled, teacher: { id: null, firstName: "Deleted teacher", lastName: "", timeZone: "UTC" } })]);
    expect(within(gone!).getByTestId("teacher-cannot-teach")).toHaveTextContent("Cancelled because the teacher can no longer teach on Music Lessons.");
  });

  it("says which guardian moved or cancelled a lesson (issue 45), and nothing when none is named", () => {
    const [moved] = renderRows("teacher", [lessonDTO({ startsAt: soon, movedByGuardian: "Diego Lopez" })]);
    expect(within(moved!).getByTestId("moved-by")).toHaveTextContent("Moved by Diego Lopez");
    cleanup();
    const cancelled = { status: "cancelled" as const, cancelledBy: "parent" as const, cancelledAt: soon, lateCancel: false, cancelledByGuardian: "Maria Lopez", movedByGuardian: "Diego Lopez" };
    const [row] = renderRows("parent", [lessonDTO({ startsAt: soon, ...cancelled })]);
    expect(within(row!).getByTestId("cancelled-by")).toHaveTextContent("Cancelled by Maria Lopez");
    expect(within(row!).queryByTestId("moved-by")).not.toBeInTheDocument();
    cleanup();
    const [plain] = renderRows("parent", [lessonDTO({ startsAt: soon })]);
    expect(within(plain!).queryByTestId("moved-by")).not.toBeInTheDocument();
    expect(within(plain!).queryByTestId("cancelled-by")).not.toBeInTheDocument();
  });

  it("shows an accepted lesson's meeting link and how to reach the teacher (issue 26)", () => {
    const [row] = renderRows("parent", [lessonDTO({ startsAt: soon })]);
    expect(within(row!).getByRole("link", { name: "https://meet.example/casey-keys" })).toHaveAttribute("href", "https://meet.example/casey-keys");
    expect(row).toHaveTextContent("Your teacher: Casey Keys");
    expect(within(row!).getByRole("link", { name: "casey@example.test" })).toHaveAttribute("href", "mailto:casey@example.test");
  });

  it("shows the address of an in-person lesson, the numbers of a phone call, and the family to the teacher", () => {
    const [inPerson, phone] = renderRows("teacher", [
      lessonDTO({
        id: "p",
        startsAt: soon,
        format: "in_person",
        place: { format: "in_person", label: "In person", at: "family_home", address: "12 Elm St, Brooklyn, NY" },
        contact: { name: "Jordan Rivera", email: "jordan@example.test", phone: "(212) 555-0199" },
      }),
      lessonDTO({
        id: "q",
        startsAt: new Date(Date.parse(soon) + 86_400_000).toISOString(),
        bookingType: "intro",
        format: "phone",
        place: { format: "phone", label: "By phone", teacherPhone: "(312) 555-0100", parentPhone: null },
        contact: { name: "Deleted user", email: null, phone: null },
      }),
    ]);
    expect(inPerson).toHaveTextContent("At 12 Elm St, Brooklyn, NY");
    expect(inPerson).toHaveTextContent("Family: Jordan Rivera");
    expect(within(inPerson!).getByRole("link", { name: "(212) 555-0199" })).toHaveAttribute("href", "tel:(212) 555-0199");
    expect(phone).toHaveTextContent("Teacher: (312) 555-0100 · Family: no phone number given");
    expect(phone).toHaveTextContent("Family: Deleted user");
  });

  it("before acceptance shows the format alone", () => {
    const [row] = renderRows("parent", [lessonDTO({ startsAt: soon, status: "pending", place: { format: "online", label: "Online", link: null }, contact: null })]);
    expect(row).toHaveTextContent("Online");
    expect(within(row!).queryAllByRole("link")).toEqual([]);
    expect(row).not.toHaveTextContent("Your teacher");
  });
});
