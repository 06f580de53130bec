import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { startCalendarServer, type CalendarServer } from "../fixtures/calendar-server";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";

// The teacher and the family are both in New York: the busy evening reads the same for both.
test.use({ timezoneId: "America/New_York" });

/** Screenshots of the journey (issue 46): `.scratch/` unless E2E_SHOTS_DIR says where. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? ".scratch";

let calendars: CalendarServer;
test.beforeAll(async () => {
  calendars = await startCalendarServer();
});
test.afterAll(() => calendars.close());

/** "yyyy-MM-dd" in New York, `days` from now. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const compact = (day: string) => day.replaceAll("-", "");

/** The teacher's own calendar: an orchestra rehearsal 17:00-21:00 (the busy evening), and a free all-day reminder. */
function orchestraCalendar(day: string): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "X-WR-TIMEZONE:America/New_York",
    "BEGIN:VEVENT",
    "UID:rehearsal-e2e@google.com",
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=America/New_York:${compact(day)}T170000`,
    `DTEND;TZID=America/New_York:${compact(day)}T210000`,
    "SUMMARY:Orchestra rehearsal (private)",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:reminder-e2e@google.com",
    "DTSTAMP:20260101T000000Z",
    `DTSTART;VALUE=DATE:${compact(day)}`,
    "SUMMARY:Buy strings",
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** A part of the page at 1280 and at 390 px wide. */
async function shoot(page: Page, name: string, target: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  // The sticky top bar would cover the part's top in an element screenshot at phone width.
  await page.addStyleTag({ content: "header { position: static !important; }" });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const file = path.join(SHOTS, `${name}-${width}.png`);
    await target.screenshot({ path: file });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the booking panel on `day` (moving a month on when needed); the group of its open times. */
async function openTimesOn(page: Page, day: string) {
  const panel = page.getByRole("dialog", { name: "Book an Introduction Call" });
  await expect(panel.getByText(/Times shown in/)).toBeVisible();
  const cell = panel.locator(`.rdp-day[data-day="${day}"] button`);
  if (!(await cell.isVisible())) await panel.getByRole("button", { name: /next month/i }).click();
  await cell.click();
  return panel.getByRole("group", { name: /Open times on/ });
}

test("a teacher adds their own calendar; its busy evening disappears from the family's booking panel", async ({ page, teacher, parent }) => {
  test.setTimeout(120_000);
  await makeDiscoverable(teacher);
  // Evenings too: 17:00-21:00 every day, so the rehearsal has times to close.
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    const res = await teacher.api.post("/api/teachers/me/availability", { data: { dayOfWeek, startTime: "17:00", endTime: "21:00", format: "both" } });
    expect(res.status()).toBe(201);
  }
  const busyDay = dayAhead(4);
  const nextDay = dayAhead(5);
  const calendarPath = `/orchestra-${Date.now()}.ics`;
  calendars.serve(calendarPath, orchestraCalendar(busyDay));
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };

  // Before: the family sees the evening open.
  await signInThroughApi(page, parent);
  await page.goto(`/teacher/profile/${teacherId}`);
  await page.getByRole("button", { name: "Book Introduction Call" }).click();
  let times = await openTimesOn(page, busyDay);
  await expect(times.getByRole("button", { name: "6:00 PM", exact: true })).toBeVisible();

  // The teacher adds the calendar in Settings; the jobs runner reads it within its next pass.
  await signInThroughApi(page, teacher);
  await page.goto("/teacher/settings");
  const section = page.getByRole("region", { name: "Your other calendars" });
  await section.getByLabel("Calendar address (iCal)").fill(`${calendars.base}${calendarPath}`);
  await section.getByLabel("Name (optional)").fill("Orchestra");
  await section.getByRole("button", { name: "Add Calendar" }).click();
  await expect(section.getByText("Orchestra added. Its busy times apply within a minute.")).toBeVisible();
  await expect(section.getByText(/Last read .*: 1 busy time in the next 12 months\./)).toBeVisible({ timeout: 60_000 });
  // The secret address is never shown whole.
  await expect(section).not.toContainText(calendarPath);

  // A second calendar whose address no longer works: the error in plain words.
  const gonePath = `/gone-${Date.now()}.ics`;
  calendars.fail(gonePath, 404, "Not found");
  await section.getByLabel("Calendar address (iCal)").fill(`${calendars.base}${gonePath}`);
  await section.getByLabel("Name (optional)").fill("School");
  await section.getByRole("button", { name: "Add Calendar" }).click();
  await expect(section.getByText(/The calendar server says there is no calendar at that address \(404\)/)).toBeVisible({ timeout: 60_000 });
  await shoot(page, "busy-calendars-settings-error", section);

  // The teacher's own week shows the rehearsal greyed, without its title (only "Busy").
  await page.goto(`/teacher/calendar?view=week&date=${busyDay}`);
  const block = page.getByTestId("busy-block").first();
  await expect(block).toBeVisible();
  await expect(block).toContainText("Busy · Orchestra");
  await expect(page.getByText("Orchestra rehearsal (private)")).toHaveCount(0);
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "teacher-calendar-busy-1280.png") });
  // At phone width the week scrolls sideways: the day itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/teacher/calendar?view=day&date=${busyDay}`);
  await expect(page.getByTestId("busy-block").first()).toBeVisible();
  await page.getByTestId("busy-block").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "teacher-calendar-busy-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // After: the family's panel no longer offers 5:00-8:45 PM that day, and still offers the day after.
  await signInThroughApi(page, parent);
  await page.goto(`/teacher/profile/${teacherId}`);
  await page.getByRole("button", { name: "Book Introduction Call" }).click();
  times = await openTimesOn(page, busyDay);
  await expect(times.getByRole("button", { name: "4:45 PM", exact: true })).toBeVisible();
  for (const label of ["5:00 PM", "6:00 PM", "7:30 PM", "8:45 PM"]) await expect(times.getByRole("button", { name: label, exact: true })).toHaveCount(0);
  await expect(page.getByText("Orchestra rehearsal (private)")).toHaveCount(0);
  times = await openTimesOn(page, nextDay);
  await expect(times.getByRole("button", { name: "6:00 PM", exact: true })).toBeVisible();
});
