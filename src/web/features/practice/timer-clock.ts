import { useEffect, useState } from "react";

/** The server-kept timer as the view needs it. */
export interface TimerState {
  running: boolean;
  /** Elapsed practice (pauses excluded) as the server computed it from its start time. */
  elapsedMs: number;
  /** This device's clock when that figure arrived (TanStack Query's dataUpdatedAt). */
  receivedAt: number;
}

/**
 * Elapsed practice now: the server's figure plus the time since it arrived, counted on this
 * device's clock only as a difference, so a device clock set wrong cannot shift it. A reload asks
 * the server again, which counts from the start time it kept.
 */
export function timerElapsedMs(timer: TimerState, nowMs: number): number {
  return timer.running ? timer.elapsedMs + Math.max(0, nowMs - timer.receivedAt) : timer.elapsedMs;
}

/** This device's clock, ticking every second while `running`: only the display ticks locally. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Until the first tick the last figure stands; timerElapsedMs never counts time backwards.
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);
  return now;
}
