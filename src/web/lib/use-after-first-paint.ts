import { useEffect, useState } from "react";

/**
 * False for the first render, true once the browser has painted it: a page draws what is above the
 * fold first and the rest right after, in a task of its own, instead of one long task before
 * anything shows (what a phone's Total Blocking Time counts).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the paint; the timeout queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
