import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { lessonDTO } from "./lesson-dto.fixture";
import { MyRequests } from "../booking/my-requests";
import { ParentLessons, TeacherLessons } from "./lesson-panels";

const DAY = 86_400_000;
const teacher = { id: "t1", firstName: "Casey", lastName: "Keys", timeZone: "America/New_York" };

const lesson = (n: number) => lessonDTO({ id: `l${n}`, startsAt: new Date(Date.now() + (n + 2) * DAY).toISOString(), teacher });

function request(n: number): BookingRequestDTO {
  const startsAt = new Date(Date.now() + (n + 2) * DAY).toISOString();
  return {
    id: `b${n}`,
    status: "accepted",
    expired: false,
    bookingType: "full",
    format: "online",
    startsAt,
    endsAt: startsAt,
    createdAt: new Date().toISOString(),
    seriesId: null,
    student: { id: "s1", firstName: "Mia", lastName: "Rivera" },
    teacher,
    declineReason: null,
    cancelReason: null,
    requestedBy: null,
    makeUpCreditFrom: null,
    priceCents: null,
    priceEstimated: false,
  };
}

function renderWith(ui: ReactNode, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const many = (count: number, make: (n: number) => unknown) => Array.from({ length: count }, (_, n) => make(n));

afterEach(() => vi.unstubAllGlobals());

describe("dashboard lists: See all", () => {
  it("shows the first 8 lessons of 11, the real total, and all of them in place on See all", async () => {
    const user = renderWith(<ParentLessons limit={8} />, { lessons: many(11, lesson) });
    expect(await screen.findAllByTestId("lesson-row")).toHaveLength(8);
    expect(screen.getByText("Showing 8 of 11 lessons")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "See all 11 lessons" }));
    expect(screen.getAllByTestId("lesson-row")).toHaveLength(11);
    expect(screen.getByText("Showing 11 of 11 lessons")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show fewer" }));
    expect(screen.getAllByTestId("lesson-row")).toHaveLength(8);
  });

  it("offers nothing when every item is shown", async () => {
    renderWith(<ParentLessons limit={8} />, { lessons: many(8, lesson) });
    expect(await screen.findAllByTestId("lesson-row")).toHaveLength(8);
    expect(screen.queryByRole("button", { name: /^See all/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it("the teacher's lessons too", async () => {
    const user = renderWith(<TeacherLessons limit={10} />, { lessons: many(12, lesson) });
    expect(await screen.findAllByTestId("lesson-row")).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "See all 12 lessons" }));
    expect(screen.getAllByTestId("lesson-row")).toHaveLength(12);
  });

  it("the parent's requests", async () => {
    const user = renderWith(<MyRequests limit={8} />, { bookings: many(9, request) });
    expect(await screen.findAllByText("Accepted")).toHaveLength(8);
    expect(screen.getByText("Showing 8 of 9 requests")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "See all 9 requests" }));
    expect(screen.getAllByText("Accepted")).toHaveLength(9);
  });
});
