import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BookingType } from "../../../shared/booking/booking.constants";
import { BookingPanel, type BookableTeacher } from "./booking-panel";

const TEACHER: BookableTeacher = { id: "t1", firstName: "Casey", lastName: "Keys", hourlyRateMin: 60, hourlyRateMax: 90, inPersonPlace: "studio" };
const START = "2030-01-14T17:00:00.000Z";

/** The API as the panel meets it: one open time in a window of `windowFormat`; the request is recorded. */
function stubApi(windowFormat: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const json = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
      if (url.includes("/slots")) {
        return json({ teacherTimeZone: "America/Chicago", days: { "2030-01-14": [{ startsAt: START, endsAt: "2030-01-14T18:00:00.000Z", format: windowFormat }] } });
      }
      if (url.includes("/api/students")) return json([{ id: "s1", firstName: "Mia", lastName: "Rivera", age: 9 }]);
      if (url.includes("/api/lessons/credits")) return json({ ledgers: [] });
      if (url.includes("/api/bookings") && init?.method === "POST") {
        sent.push(JSON.parse(init.body as string));
        return json({ bookings: [] }, 201);
      }
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
  return sent;
}

async function openReview(bookingType: BookingType, searchedFormat: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BookingPanel teacher={TEACHER} bookingType={bookingType} initialStudentId="s1" searchedFormat={searchedFormat} open onOpenChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: /January 14/ }));
  await user.click(within(screen.getByRole("group", { name: /^Open times on / })).getAllByRole("button")[0]!);
  await user.click(screen.getByRole("button", { name: "Continue" }));
  return user;
}

const formatGroup = (name: RegExp) => screen.getByRole("group", { name });

beforeEach(() => {
  // January 2030 is the panel's first month; only Date is faked, the user's clicks run on real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2030-01-10T12:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the booking panel's format step (issue 26)", () => {
  it("asks in person or online when the time offers both, and sends the chosen format", async () => {
    const sent = stubApi("both");
    const user = await openReview("full");
    const group = formatGroup(/How will the lesson take place\?/);
    expect(within(group).getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
      expect.stringMatching(/^In person.*At Casey's studio\. You get the address once Casey accepts\./),
      expect.stringMatching(/^Online.*You get the meeting link once Casey accepts\./),
    ]);
    expect(within(group).getAllByRole("radio").some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByText("Choose in person or online to send the request.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Request" })).toBeDisabled();

    await user.click(within(group).getByRole("radio", { name: /Online/ }));
    expect(within(group).getByRole("radio", { name: /Online/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Send Request" }));
    expect(sent).toEqual([expect.objectContaining({ teacherId: "t1", studentId: "s1", bookingType: "full", format: "online", startTimes: [START] })]);
  });

  it("preselects the search's lesson type", async () => {
    stubApi("both");
    await openReview("full", "in_person");
    expect(within(formatGroup(/How will the lesson take place\?/)).getByRole("radio", { name: /In person/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Send Request" })).toBeEnabled();
  });

  it("preselects the only format the time offers, whatever was searched", async () => {
    const sent = stubApi("online");
    const user = await openReview("full", "in_person");
    const radios = within(formatGroup(/How will the lesson take place\?/)).getAllByRole("radio");
    expect(radios).toHaveLength(1);
    expect(radios[0]).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Send Request" }));
    expect(sent).toEqual([expect.objectContaining({ format: "online" })]);
  });

  it("offers an intro call online or by phone, in any window", async () => {
    const sent = stubApi("in_person");
    const user = await openReview("intro");
    const group = formatGroup(/How will the call take place\?/);
    expect(within(group).getAllByRole("radio").map((radio) => (radio as HTMLInputElement).value)).toEqual(["online", "phone"]);
    expect(screen.getByText("Choose online or by phone to send the request.")).toBeInTheDocument();
    await user.click(within(group).getByRole("radio", { name: /By phone/ }));
    await user.click(screen.getByRole("button", { name: "Send Request" }));
    expect(sent).toEqual([expect.objectContaining({ bookingType: "intro", format: "phone" })]);
  });
});
