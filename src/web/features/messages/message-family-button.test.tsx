import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { lessonDTO } from "../lessons/lesson-dto.fixture";
import type { TeacherStudent } from "../../../shared/teachers/teacher-students.api";
import { TeacherRequestsList } from "../booking/teacher-requests-list";
import { LessonsList } from "../lessons/lessons-list";
import { StudentCard } from "../teachers/students/student-card";
import { familyLabel, MessageFamilyButton } from "./message-family-button";

function Thread() {
  return <p>Thread {useParams().conversationId}</p>;
}

function renderButton(response: Response) {
  const fetchMock = vi.fn((_input: string | URL | Request, _init?: RequestInit) => Promise.resolve(response));
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/teacher/students"]}>
        <Routes>
          <Route path="/teacher/students" element={<MessageFamilyButton studentId="student-1" label="Message Jordan Rivera" />} />
          <Route path="/messages/:conversationId" element={<Thread />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("Message {family} (teacher)", () => {
  it("opens the family's conversation for the student and goes to its thread", async () => {
    const fetchMock = renderButton(json({ id: "conv-9" }));
    fireEvent.click(screen.getByRole("button", { name: "Message Jordan Rivera" }));
    expect(await screen.findByText("Thread conv-9")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toMatch(/\/api\/messages\/conversations\/family$/);
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({ studentId: "student-1" });
  });

  it("shows the server's refusal and stays on the page", async () => {
    renderButton(json({ error: { code: "forbidden", message: "You can message a family once they have contacted you." } }, 403));
    fireEvent.click(screen.getByRole("button", { name: "Message Jordan Rivera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can message a family once they have contacted you.");
    expect(screen.getByRole("button", { name: "Message Jordan Rivera" })).toBeEnabled();
  });

  it("names the family by the student when the parent's name is not at hand", () => {
    expect(familyLabel("Mia")).toBe("Message Mia's family");
  });
});

const LATER = new Date(Date.now() + 30 * 86_400_000).toISOString();
const student = { id: "student-mia", firstName: "Mia", lastName: "Rivera" };
const teacher = { id: "t1", firstName: "Casey", lastName: "Keys", timeZone: "America/New_York" };

const lesson = lessonDTO({ startsAt: LATER, endsAt: LATER, student, teacher });

const request: BookingRequestDTO = {
  id: "b1",
  status: "pending",
  expired: false,
  bookingType: "intro",
  format: "online",
  startsAt: LATER,
  endsAt: LATER,
  createdAt: new Date().toISOString(),
  seriesId: null,
  student,
  teacher,
  declineReason: null,
  cancelReason: null,
  requestedBy: null,
  makeUpCreditFrom: null,
  priceCents: null,
  priceEstimated: false,
};

const taught: TeacherStudent = {
  studentId: "student-mia",
  firstName: "Mia",
  lastName: "Rivera",
  age: 8,
  parent: { name: "Jordan Rivera", email: "jordan@example.test", phone: null, preferredCommunication: "email" },
  nextLesson: null,
  upcomingLessons: 0,
  lessonsAttended: 0,
  upcomingCents: 0,
  attendedCents: 0,
  lessonPriceCents: null,
  makeUpCredits: { available: 0, nextExpiresAt: null },
  classes: [],
  meetingLink: null,
};

describe("where a teacher finds Message {family}", () => {
  function renderIn(ui: ReactNode) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("My Students: Message {parent name}, and the email is no longer a mailto link", () => {
    renderIn(<StudentCard student={taught} timeZone="America/New_York" />);
    expect(screen.getByRole("button", { name: "Message Jordan Rivera" })).toBeInTheDocument();
    expect(screen.getByText("jordan@example.test")).toBeInTheDocument();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it("a request: Message {student}'s family beside Accept and Decline", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(json({ bookings: [request] }))));
    renderIn(<TeacherRequestsList />);
    expect(await screen.findByRole("button", { name: "Message Mia's family" })).toBeInTheDocument();
  });

  it("a lesson: on the teacher's side only", () => {
    renderIn(<LessonsList lessons={[lesson]} side="teacher" empty="None" />);
    expect(screen.getByRole("button", { name: "Message Mia's family" })).toBeInTheDocument();
    cleanup();
    renderIn(<LessonsList lessons={[lesson]} side="parent" empty="None" />);
    expect(screen.queryByRole("button", { name: /^Message / })).not.toBeInTheDocument();
  });
});
