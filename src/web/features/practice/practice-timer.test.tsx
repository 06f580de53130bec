import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PracticeTimer, type TimerActions } from "./practice-timer";
import { timerElapsedMs, type TimerState } from "./timer-clock";

const ITEMS = [{ id: "7b0f6a52-58f6-4bb3-9a51-2f1a3f0f9c11", description: "Minuet in G, bars 1-8" }];
const NOW = new Date("2026-11-27T15:00:00Z").getTime();

function actions() {
  return {
    start: vi.fn<() => void>(),
    pause: vi.fn<() => void>(),
    resume: vi.fn<() => void>(),
    stopAndLog: vi.fn<TimerActions["stopAndLog"]>(),
    discard: vi.fn<() => void>(),
  };
}

function renderTimer(timer: TimerState | null, props: Partial<Parameters<typeof PracticeTimer>[0]> = {}) {
  const onAction = actions();
  render(<PracticeTimer studentName="Mia" timer={timer} items={ITEMS} actions={onAction} pending={false} error={null} {...props} />);
  return { onAction, user: userEvent.setup() };
}

describe("timerElapsedMs", () => {
  it("counts on from the server's figure while running, and stands still while paused", () => {
    expect(timerElapsedMs({ running: true, elapsedMs: 60_000, receivedAt: NOW }, NOW + 5_000)).toBe(65_000);
    expect(timerElapsedMs({ running: false, elapsedMs: 60_000, receivedAt: NOW }, NOW + 5_000)).toBe(60_000);
    // A device clock that went backwards never takes time away.
    expect(timerElapsedMs({ running: true, elapsedMs: 60_000, receivedAt: NOW }, NOW - 9_000)).toBe(60_000);
  });
});

describe("PracticeTimer", () => {
  afterEach(() => vi.useRealTimers());
  /** The display's ticking, on a fake clock (the click tests use the real one). */
  const fakeClock = () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  };

  it("offers Start with what to do first when no timer runs", async () => {
    const { onAction, user } = renderTimer(null);
    expect(screen.getByText(/Start it when Mia starts practising/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start timer" }));
    expect(onAction.start).toHaveBeenCalledOnce();
  });

  it("shows the elapsed time from the server's figure and ticks it locally every second", async () => {
    fakeClock();
    renderTimer({ running: true, elapsedMs: 12 * 60_000 + 5_000, receivedAt: NOW });
    expect(screen.getByTestId("timer-elapsed")).toHaveTextContent("12:05");
    expect(screen.getByTestId("timer-elapsed")).toHaveTextContent("12 minutes");
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByTestId("timer-elapsed")).toHaveTextContent("12:08");
    expect(screen.getByRole("status")).toHaveTextContent("Running");
  });

  it("does not tick while paused, and offers Resume", async () => {
    fakeClock();
    renderTimer({ running: false, elapsedMs: 90_000, receivedAt: NOW });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByTestId("timer-elapsed")).toHaveTextContent("1:30");
    vi.useRealTimers();
    cleanup();
    const { onAction, user } = renderTimer({ running: false, elapsedMs: 90_000, receivedAt: Date.now() });
    expect(screen.queryByRole("button", { name: "Pause" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resume" }));
    expect(onAction.resume).toHaveBeenCalledOnce();
  });

  it("pauses, then stops and logs the whole minutes with the items practised and a note", async () => {
    const { onAction, user } = renderTimer({ running: true, elapsedMs: 25 * 60_000 + 40_000, receivedAt: Date.now() });
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(onAction.pause).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Stop and log" }));
    expect(screen.getByText("25 min will be logged for today as Timed.")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Minuet in G, bars 1-8" }));
    await user.type(screen.getByLabelText("Note (optional)"), "Slow and steady ");
    await user.click(screen.getByRole("button", { name: "Log 25 min" }));
    expect(onAction.stopAndLog).toHaveBeenCalledWith({ homeworkItemIds: [ITEMS[0]!.id], note: "Slow and steady" });
  });

  it("refuses to log a timer that ran more than 10 hours and offers to discard it", async () => {
    const { onAction, user } = renderTimer({ running: true, elapsedMs: 601 * 60_000, receivedAt: Date.now() });
    await user.click(screen.getByRole("button", { name: "Stop and log" }));
    expect(screen.getByRole("alert")).toHaveTextContent("more than 10 hours");
    expect(screen.queryByRole("button", { name: /^Log / })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Discard timer" }));
    expect(onAction.discard).toHaveBeenCalledOnce();
    expect(onAction.stopAndLog).not.toHaveBeenCalled();
  });

  it("does not log less than a minute", async () => {
    const { onAction, user } = renderTimer({ running: true, elapsedMs: 20_000, receivedAt: Date.now() });
    await user.click(screen.getByRole("button", { name: "Stop and log" }));
    expect(screen.getByText(/Less than a minute so far/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Log / })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Keep timing" }));
    expect(screen.getByRole("button", { name: "Stop and log" })).toBeInTheDocument();
    expect(onAction.stopAndLog).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", () => {
    renderTimer({ running: true, elapsedMs: 0, receivedAt: Date.now() }, { error: "A practice timer is already running for this student." });
    expect(screen.getByRole("alert")).toHaveTextContent("already running");
  });
});
