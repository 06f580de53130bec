import AxeBuilder from "@axe-core/playwright";
import type { APIResponse, Page } from "@playwright/test";
import { expect, makeDiscoverable, type E2EAccount } from "./fixtures";

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

/**
 * The page at 1280 px and on a 390 px phone, into .scratch/{name}-{width}.png (to be looked at), with
 * axe clean at both widths. From the top: a full-page shot of a scrolled page draws the sticky top bar mid-page.
 */
export async function shootAtBothWidths(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `.scratch/${name}-1280.png`, fullPage: true });
  await expectAxeClean(page);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `.scratch/${name}-390.png`, fullPage: true });
  await expectAxeClean(page);
  await page.setViewportSize(size);
}

/** No serious or critical axe finding on the page (or inside `within`). */
export async function expectAxeClean(page: Page, within?: string) {
  const builder = new AxeBuilder({ page });
  const axe = await (within ? builder.include(within) : builder).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * One lesson starting a minute or two from now, in a zone where it is daytime (the teacher teaches a
 * window from then on, with no lead time): it can be marked attended once it has started. `later`:
 * more lessons asked for that many minutes after it, in the same window (still requests).
 */
export async function lessonStartingSoon(parent: E2EAccount, teacher: E2EAccount, later: number[] = []) {
  await makeDiscoverable(teacher);
  const startsAt = firstMinuteAfter(BROWSER_LEAD_MS);
  const zone = daytimeZone(startsAt);
  await ok(await teacher.api.patch("/api/teachers/me", { data: { timeZone: zone } }), "time zone");
  const availability = (await ok(await teacher.api.get("/api/teachers/me/availability"), "availability")) as { windows: { id: string }[] };
  for (const window of availability.windows) await teacher.api.delete(`/api/teachers/me/availability/${window.id}`);
  const start = localClock(startsAt, zone);
  const end = localClock(new Date(startsAt.getTime() + 3 * 3_600_000), zone);
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    await ok(await teacher.api.post("/api/teachers/me/availability", { data: { dayOfWeek, startTime: start, endTime: end, format: "both" } }), "window");
  }
  await ok(await teacher.api.put("/api/teachers/me/lesson-settings", { data: { noticeHours: 24, bufferMinutes: 0, leadHours: 0 } }), "lead time");
  const { id: teacherId } = (await ok(await teacher.api.get("/api/teachers/me"), "me")) as { id: string };
  const students = (await ok(await parent.api.get("/api/students"), "students")) as unknown as { id: string }[];
  const ask = async (at: Date) => {
    const booked = (await ok(
      await parent.api.post("/api/bookings", {
        data: { teacherId, studentId: students[0]!.id, bookingType: "full", format: "in_person", startTimes: [at.toISOString()] },
      }),
      "request",
    )) as { bookings: { id: string }[] };
    return booked.bookings[0]!.id;
  };
  const bookingId = await ask(startsAt);
  const laterIds: string[] = [];
  for (const minutes of later) laterIds.push(await ask(new Date(startsAt.getTime() + minutes * 60_000)));
  return { startsAt, zone, bookingId, laterIds };
}
