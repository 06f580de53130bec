import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format, startOfMonth } from "date-fns";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CreateBookingRequest, SlotDTO, SlotsResponse } from "../../../shared/booking/booking.schemas";
import { BookingPanel } from "./booking-panel";
import { formatSlot } from "./format-time";

/**
 * The booking panel against a fake server: choosing several intro-call times, a 409 that names
 * some of them, "Skip these and send", and errors that never outlive their attempt (issue 26).
 */

const TEACHER = { id: "t1", firstName: "Casey", lastName: "Keys", hourlyRateMin: 60, hourlyRateMax: 90 };
const headers = { "content-type": "application/json" };

/** The calendar's first month, as the panel names it (the browser's zone). */
const thisMonth = () => format(startOfMonth(new Date()), "yyyy-MM");
/** The `index`th intro call of the 20th of this month (15:00Z, 15:15Z, …). */
const slotTime = (index: number) => new Date(new Date(`${thisMonth()}-20T15:00:00.000Z`).getTime() + index * 15 * 60_000).toISOString();

/** Intro calls every 15 minutes from 15:00Z on the 20th of whatever month is asked for. */
function slotsOf(month: string, rules: { leadHours: number; bufferMinutes: number }): SlotsResponse {
  const day = `${month}-20`;
  const slots: SlotDTO[] = [0, 15, 30, 45].map((m) => {
    const start = new Date(`${day}T15:00:00.000Z`).getTime() + m * 60_000;
    return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 15 * 60_000).toISOString(), format: "both" };
  });
  return { teacherTimeZone: "America/Chicago", ...rules, days: { [day]: slots } };
}

interface Answer {
  status: number;
  body: unknown;
}

/** The fake server: slots and students as asked, and each POST /api/bookings answered from `answers` in turn. */
function fakeServer(answers: Answer[], rules = { leadHours: 12, bufferMinutes: 0 }) {
  const posted: CreateBookingRequest[] = [];
  /** Set to make the next slots answer empty (the times have gone since). */
  const state: { noTimesLeft: boolean; me: unknown } = { noTimesLeft: false, me: {} };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
      const method = (init?.method ?? "GET").toUpperCase();
      const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers }));
      if (url.pathname === "/api/teachers/t1/slots") {
        const month = slotsOf(url.searchParams.get("month")!, rules);
        return reply(200, state.noTimesLeft ? { ...month, days: {} } : month);
      }
      if (url.pathname === "/api/session") return reply(200, state.me);
      if (url.pathname === "/api/students") return reply(200, [{ id: "s1", firstName: "Mia", lastName: "Rivera", age: 9 }]);
      if (url.pathname === "/api/lessons/credits") return reply(200, { ledgers: [] });
      if (method === "POST" && url.pathname === "/api/bookings") {
        posted.push(JSON.parse(init!.body as string) as CreateBookingRequest);
        const answer = answers.shift()!;
        return reply(answer.status, answer.body);
      }
      return reply(200, {});
    }),
  );
  return { posted, state };
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BookingPanel teacher={TEACHER} bookingType="intro" initialStudentId="s1" open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return Object.assign(userEvent.setup(), { client });
}

const panel = () => screen.getByRole("dialog", { name: "Book an Introduction Call" });
const times = () => within(panel()).getByRole("group", { name: /Open times on/ });

/** Picks the 20th in the calendar and the times at those places of its list. */
async function choose(user: ReturnType<typeof userEvent.setup>, ...indexes: number[]) {
  await user.click(await within(panel()).findByRole("button", { name: /\b20th\b/ }));
  for (const index of indexes) await user.click(within(times()).getAllByRole("button")[index]!);
}

const conflict = (message: string, unavailable: { startsAt: string; reason: string }[], extra: Record<string, unknown> = {}): Answer => ({
  status: 409,
  body: { error: { code: "conflict", message, reason: "times_unavailable", details: { unavailable, ...extra } } },
});
const created = (startTimes: string[]): Answer => ({
  status: 201,
  body: { bookings: startTimes.map((startsAt, i) => ({ id: `b${i}`, startsAt })) },
});

afterEach(() => vi.unstubAllGlobals());

describe("BookingPanel: choosing several times", () => {
  it("says how far ahead the teacher takes requests", async () => {
    fakeServer([]);
    renderPanel();
    expect(await within(panel()).findByText("Times within 12 hours are not offered.")).toBeInTheDocument();
  });

  it("offers a parent Join the waitlist under the calendar, for when no time suits (issue 44)", async () => {
    const server = fakeServer([]);
    server.state.me = { user: { id: "u1", email: "p@example.com", name: "Pat" }, role: "parent" };
    renderPanel();
    expect(await within(panel()).findByText("No time that suits you?")).toBeInTheDocument();
    expect(within(panel()).getByRole("button", { name: "Join the waitlist" })).toBeInTheDocument();
  });

  it("a picked day whose times are gone after a refresh says so instead of an empty list", async () => {
    const server = fakeServer([]);
    const user = renderPanel();
    await choose(user);
    expect(within(times()).getAllByRole("button")).toHaveLength(4);
    server.state.noTimesLeft = true;
    await user.client.invalidateQueries();
    expect(await within(panel()).findByText(/No open times are left on .* Please choose another day\./)).toBeInTheDocument();
    expect(within(panel()).queryByRole("group", { name: /Open times on/ })).toBeNull();
  });

  it("a 409 naming one of two chosen times: it is named with why, the other stays chosen, Skip these and send sends the rest", async () => {
    const [first, second] = [slotTime(0), slotTime(1)];
    const server = fakeServer([
      // The second time was taken meanwhile; then the first alone is booked.
      conflict("1 of the 2 chosen times cannot be booked. Skip it or choose another time.", [{ startsAt: second, reason: "taken" }]),
      created([first]),
    ]);
    const user = renderPanel();
    await choose(user, 0, 1);
    await user.click(within(panel()).getByRole("button", { name: "Continue" }));
    await user.click(within(panel()).getByRole("radio", { name: /By phone/ }));
    await user.click(within(panel()).getByRole("button", { name: "Send Request" }));

    const alert = await within(panel()).findByRole("alert");
    expect(alert).toHaveTextContent("1 of the 2 chosen times cannot be booked.");
    expect(within(alert).getByText(`${formatSlot(second)}: already booked`)).toBeInTheDocument();
    // Both chosen times are still listed on the review.
    expect(within(panel()).getAllByText(formatSlot(first))).not.toHaveLength(0);

    await user.click(within(panel()).getByRole("button", { name: "Skip this time and send" }));
    expect(await within(panel()).findByText(/Request Sent/i)).toBeInTheDocument();
    expect(server.posted.map((b) => b.startTimes)).toEqual([[first, second], [first]]);
  });

  it("every chosen time refused (too soon): back on the calendar, each named with the teacher's lead time, none left chosen", async () => {
    const only = slotTime(2);
    fakeServer([conflict("The teacher takes requests at least 12 hours ahead. Please choose a later time.", [{ startsAt: only, reason: "too_soon" }], { leadHours: 12 })]);
    const user = renderPanel();
    await choose(user, 2);
    await user.click(within(panel()).getByRole("button", { name: "Continue" }));
    await user.click(within(panel()).getByRole("radio", { name: /By phone/ }));
    await user.click(within(panel()).getByRole("button", { name: "Send Request" }));

    const alert = await within(panel()).findByRole("alert");
    expect(alert).toHaveTextContent("The teacher takes requests at least 12 hours ahead.");
    expect(within(alert).getByText(`${formatSlot(only)}: less than 12 hours from now`)).toBeInTheDocument();
    expect(within(panel()).queryByRole("button", { name: /^Skip/ })).toBeNull();
    expect(within(panel()).getByRole("button", { name: "Continue" })).toBeDisabled();

    // A new choice: the old refusal goes, and does not follow onto the review.
    await user.click(within(times()).getAllByRole("button")[3]!);
    expect(within(panel()).queryByRole("alert")).toBeNull();
    await user.click(within(panel()).getByRole("button", { name: "Continue" }));
    expect(within(panel()).queryByRole("alert")).toBeNull();
  });

  it("an error that names no time stays on the review, and is gone after Back and on the next attempt", async () => {
    fakeServer([{ status: 409, body: { error: { code: "conflict", message: "That time is busy, please try again.", reason: "schedule_busy" } } }]);
    const user = renderPanel();
    await choose(user, 0);
    await user.click(within(panel()).getByRole("button", { name: "Continue" }));
    await user.click(within(panel()).getByRole("radio", { name: /By phone/ }));
    await user.click(within(panel()).getByRole("button", { name: "Send Request" }));
    expect(await within(panel()).findByText("That time is busy, please try again.")).toBeInTheDocument();

    await user.click(within(panel()).getByRole("button", { name: "← Back" }));
    expect(within(panel()).queryByText("That time is busy, please try again.")).toBeNull();
    await user.click(within(panel()).getByRole("button", { name: "Continue" }));
    expect(within(panel()).queryByText("That time is busy, please try again.")).toBeNull();
  });

  it("with a buffer, the times too close to a chosen one cannot be added, and the panel says why", async () => {
    fakeServer([], { leadHours: 0, bufferMinutes: 10 });
    const user = renderPanel();
    await choose(user, 1);
    const buttons = within(times()).getAllByRole("button");
    // 15:15 chosen: 15:00 and 15:30 are within 10 minutes of it, 15:45 is not.
    expect(buttons.map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, false, true, false]);
    expect(within(panel()).getByText(/Times within 10 minutes of a chosen time cannot be added/)).toBeInTheDocument();
    expect(within(panel()).queryByText(/are not offered/)).toBeNull();
    // Unchoosing it frees them again.
    await user.click(buttons[1]!);
    await waitFor(() => expect(within(times()).getAllByRole("button").every((b) => !(b as HTMLButtonElement).disabled)).toBe(true));
  });
});
