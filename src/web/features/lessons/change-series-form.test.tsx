import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SeriesChangePreviewDTO } from "../../../shared/lessons/series-change.rules";
import { Dialog } from "../../components/ui/dialog";
import { ChangeSeriesForm } from "./change-series-form";
import { lessonDTO } from "./lesson-dto.fixture";

// A Thursday 10:00 New York lesson of a series.
const lesson = lessonDTO({ startsAt: "2026-03-05T15:00:00.000Z", seriesId: "series-1" });

function show(preview: SeriesChangePreviewDTO) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ preview }), { headers: { "content-type": "application/json" } })));
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {/* The form's "Keep Current Times" closes the dialog it sits in. */}
      <Dialog open>
        <ChangeSeriesForm lesson={lesson} onDone={() => {}} />
      </Dialog>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

const week = (startsAt: string, problem: SeriesChangePreviewDTO["weeks"][number]["problem"]) => ({
  bookingId: startsAt,
  from: startsAt,
  startsAt,
  endsAt: startsAt,
  format: problem ? null : ("online" as const),
  problem,
});

describe("the series change form", () => {
  it("starts on the lesson's own day and time, asks nothing and offers no confirm until something changes", () => {
    const fetch = show({ timeZone: "America/New_York", leadHours: 12, weeks: [] });
    expect(screen.getByLabelText("New day")).toHaveValue("4");
    expect(screen.getByLabelText("New time")).toHaveValue("10:00");
    expect(screen.getByText("Choose a new day, time or format to see the new dates.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move Lessons" })).toBeDisabled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("previews the new dates for another day, marks a week that cannot be booked and keeps the confirm off", async () => {
    const fetch = show({
      timeZone: "America/New_York",
      leadHours: 12,
      weeks: [week("2026-03-04T19:00:00.000Z", null), week("2026-03-11T18:00:00.000Z", "taken")],
    });
    fireEvent.change(screen.getByLabelText("New day"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("New time"), { target: { value: "14:00" } });
    const items = within(await screen.findByTestId("series-preview")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent("Not available: already booked");
    expect(screen.getByRole("status")).toHaveTextContent("1 of 2 weeks cannot be booked at that time.");
    expect(screen.getByRole("button", { name: "Move Lessons" })).toBeDisabled();
    const [, init] = fetch.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ weekday: 3, time: "14:00" });
  });

  it("with every week free, confirms by the number of lessons", async () => {
    show({ timeZone: "America/New_York", leadHours: 12, weeks: [week("2026-03-04T19:00:00.000Z", null), week("2026-03-11T18:00:00.000Z", null)] });
    fireEvent.change(screen.getByLabelText("New day"), { target: { value: "3" } });
    expect(await screen.findByRole("button", { name: "Move 2 Lessons" })).toBeEnabled();
    expect(screen.getByRole("status")).toHaveTextContent("Both lessons can move.");
  });
});
