import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../shared/auth/auth.schemas";
import { PRICE_MESSAGE } from "../../../shared/invoices/invoices.schemas";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";
import type { TeacherDashboard } from "../../../shared/teachers/profile.schemas";
import { ME_QUERY_KEY } from "../auth/use-me";
import { MyRequests } from "../booking/my-requests";
import { TeacherRequestsList } from "../booking/teacher-requests-list";
import { LiveUpdates } from "../messages/live-updates";
import { StatTiles } from "../teachers/dashboard/stat-tiles";
import { useTeacherDashboard } from "../teachers/dashboard/use-teacher-dashboard";
import { lessonDTO } from "./lesson-dto.fixture";
import { ParentLessons, TeacherLessons } from "./lesson-panels";

/**
 * Issue 26, "lists that are current": after an Accept, every panel and tile showing that lesson
 * changes at once, on the acting side (its mutation refreshes them) and on the other side (the
 * live stream's event does). The server is a fake holding one request that Accept turns into an
 * accepted lesson; nothing is reloaded by hand.
 */

const DAY = 86_400_000;
const startsAt = new Date(Date.now() + 3 * DAY).toISOString();

function pendingRequest(): BookingRequestDTO {
  return {
    id: "b1",
    status: "pending",
    expired: false,
    bookingType: "full",
    format: "online",
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    createdAt: new Date().toISOString(),
    seriesId: null,
    declineReason: null,
    cancelReason: null,
    requestedBy: null,
    makeUpCreditFrom: null,
    priceCents: null,
    priceEstimated: false,
    suggestedPriceCents: 6000,
    student: { id: "s1", firstName: "Mia", lastName: "Rivera" },
    teacher: { id: "t1", firstName: "Casey", lastName: "Keys", timeZone: "America/New_York" },
  };
}

/** One request of Mia's; `accept()` is what POST …/accept does on the server. */
function fakeServer() {
  const state = { status: "pending" as "pending" | "accepted", calls: [] as string[], bodies: [] as unknown[] };
  const lesson = (): LessonDTO => lessonDTO({ id: "b1", startsAt, status: state.status });
  const request = (): BookingRequestDTO => ({ ...pendingRequest(), status: state.status });
  const dashboard = (): TeacherDashboard => {
    const pending = state.status === "pending" ? 1 : 0;
    return {
      firstName: "Casey",
      lastName: "Keys",
      supportEmail: "support@example.test",
      reviewStatus: "approved",
      reviewMessage: null,
      isDiscoverable: true,
      discoveryEnabledAt: null,
      pendingRequests: pending,
      stats: { pendingRequests: pending, upcomingLessonsThisWeek: 1 - pending, activeStudents: 1 - pending, activeClasses: 0 },
    };
  };
  const routes: Record<string, () => unknown> = {
    "GET /api/bookings/requests": () => ({ bookings: state.status === "pending" ? [request()] : [] }),
    "GET /api/bookings/mine": () => ({ bookings: [request()] }),
    "GET /api/lessons/teaching": () => ({ lessons: [lesson()] }),
    "GET /api/lessons/mine": () => ({ lessons: [lesson()] }),
    "GET /api/teachers/me/dashboard": dashboard,
    "POST /api/bookings/b1/accept": () => {
      state.status = "accepted";
      return { booking: request(), bookings: [request()] };
    },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
      const key = `${(init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()} ${url.pathname}`;
      state.calls.push(key);
      if (typeof init?.body === "string") state.bodies.push(JSON.parse(init.body));
      const handler = routes[key];
      const headers = { "content-type": "application/json" };
      if (!handler) return Promise.resolve(new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), { status: 404, headers }));
      return Promise.resolve(new Response(JSON.stringify(handler()), { headers }));
    }),
  );
  return {
    state,
    accept: () => routes["POST /api/bookings/b1/accept"]!(),
  };
}

function renderWith(ui: ReactNode, me?: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(ME_QUERY_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function DashboardTiles() {
  const dashboard = useTeacherDashboard();
  return dashboard.data ? <StatTiles stats={dashboard.data.stats} /> : null;
}

const tile = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;
const lessonRow = () => screen.getByTestId("lesson-row");

afterEach(() => vi.unstubAllGlobals());

describe("the acting side: Accept refreshes every panel and tile at once", () => {
  it("the request leaves the teacher's requests for the Lessons panel as Booked, the tile counts 0", async () => {
    const server = fakeServer();
    const user = renderWith(
      <>
        <DashboardTiles />
        <TeacherRequestsList />
        <TeacherLessons />
      </>,
    );
    // A waiting request is listed once, under the requests, not also among the lessons (issue 41).
    expect(await screen.findByText("No lessons yet.")).toBeInTheDocument();
    expect(screen.queryByTestId("lesson-row")).toBeNull();
    await waitFor(() => expect(tile("Pending requests")).toHaveTextContent("1"));

    await user.click(await screen.findByRole("button", { name: /^Accept Mia's request/ }));
    // A full lesson asks for the price per lesson first, prefilled with the suggestion (issue 28).
    const dialog = await screen.findByRole("dialog", { name: "Accept Mia's request" });
    const price = within(dialog).getByLabelText("Price per lesson");
    expect(price).toHaveValue("60.00");
    await user.clear(price);
    await user.type(price, "abc");
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(await within(dialog).findByText(PRICE_MESSAGE)).toBeInTheDocument();
    expect(server.state.calls).not.toContain("POST /api/bookings/b1/accept");
    await user.clear(price);
    await user.type(price, "$72.5");
    await user.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(server.state.bodies).toContainEqual({ priceCents: 7250 }));

    await waitFor(() => expect(within(lessonRow()).getByText("Booked")).toBeInTheDocument());
    expect(await screen.findByText("No pending requests.")).toBeInTheDocument();
    await waitFor(() => expect(tile("Pending requests")).toHaveTextContent("0"));
    expect(tile("Lessons in the next 7 days")).toHaveTextContent("1");
  });
});

/** Stands in for the browser's EventSource: the test sends the events the server would. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, payload: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(payload) }));
  }
}

describe("the other side: a live event refreshes the same panels", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("the parent's request, listed once under My Requests with its actions, becomes a lesson on booking_decided, without a reload", async () => {
    const server = fakeServer();
    renderWith(
      <>
        <LiveUpdates />
        <MyRequests />
        <ParentLessons />
      </>,
      { user: { id: "p1", email: "pat@example.test", name: "Pat Rivera" }, role: "parent" } as Me,
    );
    expect(await screen.findByText("Pending")).toBeInTheDocument();
    // Withdrawn or moved from where it is listed: My Requests.
    expect(await screen.findByRole("button", { name: /^Cancel Mia's request for / })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Reschedule Mia's request for / })).toBeInTheDocument();
    expect(screen.getByText("No lessons yet.")).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));

    // The teacher accepts elsewhere; this page hears of it only through its stream.
    server.accept();
    expect(screen.queryByTestId("lesson-row")).toBeNull();
    FakeEventSource.opened[0]!.emit("booking_decided", { bookingIds: ["b1"], decision: "accepted" });

    await waitFor(() => expect(within(lessonRow()).getByText("Booked")).toBeInTheDocument());
    expect(await screen.findByText("Accepted")).toBeInTheDocument();
  });

  it("a lesson_changed event refreshes them too", async () => {
    const server = fakeServer();
    renderWith(
      <>
        <LiveUpdates />
        <ParentLessons />
      </>,
      { user: { id: "p1", email: "pat@example.test", name: "Pat Rivera" }, role: "parent" } as Me,
    );
    expect(await screen.findByText("No lessons yet.")).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    server.accept();
    const before = server.state.calls.filter((c) => c === "GET /api/lessons/mine").length;
    FakeEventSource.opened[0]!.emit("lesson_changed", { bookingIds: ["b1"], change: "rescheduled" });
    await waitFor(() => expect(server.state.calls.filter((c) => c === "GET /api/lessons/mine").length).toBe(before + 1));
    await waitFor(() => expect(within(lessonRow()).getByText("Booked")).toBeInTheDocument());
  });
});
