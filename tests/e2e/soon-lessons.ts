import AxeBuilder from "@axe-core/playwright";
import type { APIResponse, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * What the journeys that book a lesson starting in a few minutes share (it can then be marked
 * attended in the same test): the API's answer or a clear failure, a zone where it is daytime, a
 * local clock, and axe with no serious finding.
 */

export async function ok(response: APIResponse, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The first whole minute at least `leadMs` from now: availability windows start on a minute, and a
 * lesson that far ahead still lies ahead once the journey's set-up is done (set-up through the API
 * takes a few seconds; give more lead where a browser must act before the start). Every journey
 * that marks a lesson attended waits for this start, so the lead is as short as is safe.
 */
/** Lead for a journey that books through the API only: 40 to 100 s. */
export const API_LEAD_MS = 40_000;
/** Lead for a journey where the teacher accepts in the browser before the start: 75 to 135 s. */
export const BROWSER_LEAD_MS = 75_000;
export const firstMinuteAfter = (leadMs: number) => new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);

/** A zone where it is daytime now, so a lesson (or a window of a few hours) starting in minutes falls on one local day. */
export function daytimeZone(now: Date): string {
  const hourIn = (zone: string) => Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(now));
  return ["America/New_York", "Europe/London", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata"].find((zone) => hourIn(zone) >= 6 && hourIn(zone) <= 20)!;
}

/** "14:05" in a zone, as availability windows are written. */
export const localClock = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);

/** No serious or critical axe finding on the page (or inside `within`). */
export async function expectAxeClean(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const axe = await (within ? builder.include(within) : builder).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
