import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { MyRequests } from "./my-requests";
import { TeacherRequestsList } from "./teacher-requests-list";

const HOUR = 3_600_000;
function request(id: string, firstName: string, overrides: Partial<BookingRequestDTO>): BookingRequestDTO {
  const startsAt = new Date(Date.now() + 48 * HOUR);
  return {
    id,
    status: "pending",
    expired: false,
    bookingType: "intro",
    format: "online",
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 15 * 60_000).toISOString(),
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    seriesId: null,
    student: { id: `s-${id}`, firstName, lastName: "Rivera" },
    teacher: { id: "t1", firstName: "Taylor", lastName: "Teacher", timeZone: "America/New_York" },
    declineReason: null,
    cancelReason: null,
    requestedBy: null,
    makeUpCreditFrom: null,
    priceCents: null,
    priceEstimated: false,
    ...overrides,
  };
}

const FRESH = request("b1", "Mia", {});
const FLAGGED = request("b2", "Noah", { expired: true });
// Not flagged by the server (the list was loaded earlier), but its time has come since.
const PASSED = request("b3", "Ava", { startsAt: new Date(Date.now() - HOUR).toISOString() });

function renderWith(ui: ReactNode, bookings: BookingRequestDTO[]) {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(JSON.stringify({ bookings, lessons: [] }), { headers: { "content-type": "application/json" } }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe("expired requests", () => {
  it("the teacher sees Expired instead of Accept and Decline", async () => {
    renderWith(<TeacherRequestsList />, [FRESH, FLAGGED, PASSED]);
    expect(await screen.findAllByText("Expired")).toHaveLength(2);
    expect(screen.getAllByRole("button", { name: /^Accept / })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: /^Decline / })).toHaveLength(1);
    expect(screen.getByRole("button", { name: /^Accept Mia's request/ })).toBeInTheDocument();
  });

  it("the parent sees Expired instead of Pending", async () => {
    renderWith(<MyRequests />, [FRESH, FLAGGED, PASSED, request("b4", "Eli", { status: "accepted", startsAt: PASSED.startsAt })]);
    expect(await screen.findAllByText("Expired")).toHaveLength(2);
    expect(screen.getAllByText("Pending")).toHaveLength(1);
    expect(screen.getAllByText("Accepted")).toHaveLength(1);
  });

  it("the parent's waiting requests come first, the soonest on top, then the decided ones (issue 41)", async () => {
    const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
    const later = request("l1", "Later", { startsAt: inHours(72) });
    const accepted = request("a1", "Done", { status: "accepted", startsAt: inHours(2) });
    const sooner = request("s1", "Soon", { startsAt: inHours(5) });
    renderWith(<MyRequests />, [later, accepted, sooner]);
    await screen.findByText(/with Taylor Teacher · Soon/);
    const order = screen.getAllByText(/^Intro Call with Taylor Teacher/).map((p) => p.textContent?.split(" · ")[1]);
    expect(order).toEqual(["Soon", "Later", "Done"]);
  });

  it("the teacher sees a weekly series as one request, decided by its first lesson", async () => {
    const week = (n: number) => new Date(Date.now() + (48 + n * 168) * HOUR).toISOString();
    const series = [2, 0, 1].map((n) => request(`s${n}`, "Zoe", { seriesId: "series-1", bookingType: "full", startsAt: week(n) }));
    renderWith(<TeacherRequestsList />, [...series, FRESH]);
    const accept = await screen.findByRole("button", { name: /^Accept Zoe's request for 3 weekly lessons from / });
    expect(accept).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Accept / })).toHaveLength(2);
    expect(screen.getByText(/^3 weekly lessons from/)).toBeInTheDocument();
  });

  it("the teacher tells a make-up request by its credit, dated in the teacher's zone (issue 26)", async () => {
    // The credit's lesson was at 01:00 UTC on March 4th: March 3rd in New York.
    const makeUp = request("m1", "Leo", { bookingType: "full", makeUpCreditFrom: "2026-03-04T01:00:00.000Z" });
    renderWith(<TeacherRequestsList />, [makeUp, FRESH]);
    expect(await screen.findByText("Make-up lesson (credit from Mar 3, 2026)")).toBeInTheDocument();
    expect(screen.getAllByTestId("make-up-request")).toHaveLength(1);
  });

  it("a request of a family that closed their account reads Deleted user, with no Message button", async () => {
    renderWith(<TeacherRequestsList />, [request("d1", "Deleted user", { student: { id: null, firstName: "Deleted user", lastName: "" } })]);
    expect(await screen.findByText(/^Deleted user/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Message/ })).not.toBeInTheDocument();
  });
});
