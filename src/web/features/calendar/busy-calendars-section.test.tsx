import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_URL_MESSAGE, type BusyCalendarDTO } from "../../../shared/calendar/busy-calendars.schemas";
import { BusyCalendarsSection } from "./busy-calendars-section";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const calendar = (overrides: Partial<BusyCalendarDTO>): BusyCalendarDTO => ({
  id: crypto.randomUUID(),
  label: "Orchestra",
  addressHint: "https://calendar.google.com/…",
  createdAt: "2026-11-01T10:00:00.000Z",
  lastSuccessAt: "2026-11-29T14:00:00.000Z",
  lastAttemptAt: "2026-11-29T14:00:00.000Z",
  lastError: null,
  lastErrorAt: null,
  busyCount: 12,
  lastReadMs: 320,
  pending: false,
  ...overrides,
});

function show(calendars: BusyCalendarDTO[]) {
  const fetch = vi.fn(() => Promise.resolve(json(200, { calendars })));
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BusyCalendarsSection />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("Teacher settings: Your other calendars (issue 46)", () => {
  it("shows each calendar's last read, and a failed read's error in plain words with the good busy times kept", async () => {
    show([
      calendar({}),
      calendar({
        label: "School",
        lastError: "The calendar server says there is no calendar at that address (404). It may have been reset: copy the address again from your calendar app.",
        lastErrorAt: "2026-11-29T14:15:00.000Z",
        lastAttemptAt: "2026-11-29T14:15:00.000Z",
      }),
      calendar({ label: "Family", lastSuccessAt: null, lastAttemptAt: null, busyCount: 0, pending: true }),
    ]);
    const list = await screen.findByRole("list", { name: "Your calendars" });
    const [orchestra, school, family] = within(list).getAllByRole("listitem");
    expect(orchestra).toHaveTextContent(/Last read .*: 12 busy times in the next 12 months\./);
    expect(within(orchestra!).queryByRole("alert")).toBeNull();
    const error = within(school!).getByRole("alert");
    expect(error).toHaveTextContent("The last read failed");
    expect(error).toHaveTextContent("there is no calendar at that address (404)");
    expect(error).toHaveTextContent("The busy times of the last good read still apply.");
    expect(family).toHaveTextContent("Not read yet: the first read happens within a minute.");
    expect(within(family!).getByRole("button", { name: "Read Family now" })).toBeDisabled();
  });

  it("checks the address in the browser with the server's schema before sending", async () => {
    const fetch = show([]);
    expect(await screen.findByText("No calendars added yet.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Calendar address (iCal)"), "ftp://example.com/cal.ics");
    await userEvent.click(screen.getByRole("button", { name: "Add Calendar" }));
    expect(await screen.findByText(CALENDAR_URL_MESSAGE)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
