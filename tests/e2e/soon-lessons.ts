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
