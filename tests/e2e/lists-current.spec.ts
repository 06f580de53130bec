import { confirmAcceptPrice } from "./helpers";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { bookLessons } from "./booked-lessons";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";

/**
 * Issue 26: lists that are current (after Accept every panel and tile showing the lesson changes
 * at once, on both sides, without a reload) and choosing several times (refused times named, the
 * rest kept, "Skip these and send").
 */

test.use({ timezoneId: "America/New_York" });

/** Not committed: the lead looks at them. */
const SCREENSHOTS = path.resolve(import.meta.dirname, "../../screenshots");

/** The first lesson row of a Lessons panel. */
const lessonRow = (scope: Locator) => scope.getByTestId("lesson-row").first();
const tile = (page: Page, label: string) => page.getByRole("region", { name: "Your figures" }).getByText(label).locator("xpath=following-sibling::dd");

test("the teacher accepts: the teacher's panels and tiles and the parent's open dashboard update without a reload", async ({ page, browser, baseURL, parent, teacher }) => {
  await bookLessons(parent, teacher, [{ time: "10:00", type: "full", accept: false }]);

  // The parent's dashboard is open in their browser.
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  const parentLessons = page.locator("#my-lessons");
  // The request is listed once: under My lesson requests, not also as a lesson (issue 41).
  await expect(page.locator("#lesson-requests")).toContainText("Pending");
  await expect(page.locator("#lesson-requests").getByRole("button", { name: /^Cancel Mia's request for / })).toBeVisible();
  await expect(parentLessons).toContainText("No lessons yet.");

  // The teacher, in another browser, sees one pending request, under Requests only.
  const teacherContext = await browser.newContext({ baseURL, timezoneId: "America/Chicago" });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  const lessonsPanel = teacherPage.getByRole("region", { name: "Lessons", exact: true });
  await expect(lessonsPanel).toContainText("No lessons yet.");
  await expect(tile(teacherPage, "Pending requests")).toHaveText("1");
  await expect(teacherPage.getByText("1 pending")).toBeVisible();

  await teacherPage.getByRole("button", { name: /^Accept Mia's request/ }).click();
  await confirmAcceptPrice(teacherPage);

  // At once, without a reload: the teacher's lesson is booked, the request gone, the tile 0 …
  await expect(lessonRow(lessonsPanel)).toContainText("Booked");
  await expect(teacherPage.getByText("No pending requests.")).toBeVisible();
  await expect(tile(teacherPage, "Pending requests")).toHaveText("0");
  await expect(tile(teacherPage, "Active students")).toHaveText("1");
  // … and the parent's open page hears it through the live stream.
  await expect(lessonRow(parentLessons)).toContainText("Booked", { timeout: 10_000 });
  await expect(page.getByText("Accepted", { exact: true })).toBeVisible();
  await teacherContext.close();
});

test("two of three chosen times taken meanwhile: the panel names them, keeps the third, and Skip these and send books it", async ({ page, parent, teacher }) => {
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const [student] = (await (await parent.api.get("/api/students")).json()) as { id: string }[];

  await signInThroughApi(page, parent);
  await page.goto(`/teacher/profile/${teacherId}`);
  await page.getByRole("button", { name: "Book Introduction Call" }).click();
  const panel = page.getByRole("dialog", { name: "Book an Introduction Call" });
  // The teacher keeps the default 12-hour lead time, and the panel says so.
  await expect(panel.getByText("Times within 12 hours are not offered.")).toBeVisible();
  // A day next month, so that every time is well ahead.
  await panel.getByRole("button", { name: /next month/i }).click();
  await panel.locator(".rdp-day:not(.rdp-disabled) button").nth(2).click();
  const times = panel.getByRole("group", { name: /Open times on/ });
  // Three intro calls an hour apart (10:00, 11:00, 12:00 on the teacher's 09:00-17:00 day).
  for (const index of [4, 8, 12]) await times.getByRole("button").nth(index).click();
  await expect(panel.getByRole("region", { name: "Selected times" })).toContainText("Selected (3)");
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, "choose-times-1280.png") });
  const chosen = await selectedStarts(page, teacherId);

  // Meanwhile the first two are taken (here by the same family, through another tab).
  const taken = await parent.api.post("/api/bookings", {
    data: { teacherId, studentId: student!.id, bookingType: "intro", format: "phone", startTimes: chosen.slice(0, 2) },
  });
  expect(taken.status(), await taken.text()).toBe(201);

  await panel.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Select Student" }).getByRole("button", { name: /^Mia / }).click();
  await panel.getByRole("radio", { name: /By phone/ }).click();
  await panel.getByRole("button", { name: "Send Request" }).click();
  const refusal = panel.getByRole("alert");
  await expect(refusal).toContainText("2 of the 3 chosen times cannot be booked.");
  await expect(refusal.getByRole("listitem")).toHaveCount(2);
  await expect(refusal.getByRole("listitem").first()).toContainText(/EST|EDT/);
  await expect(refusal.getByRole("listitem").first()).toContainText("already booked");
  await expect(refusal.getByRole("button", { name: "Skip these and send" })).toBeVisible();
  // Every chosen time is still on the review until the parent skips the refused ones; those are marked.
  await expect(panel.locator("dd ul li")).toHaveCount(3);
  await expect(panel.locator("dd ul li").filter({ hasText: "(cannot be booked)" })).toHaveCount(2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOTS, "unavailable-times-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await refusal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, "unavailable-times-390.png") });
  await expect(refusal.getByRole("button", { name: "Skip these and send" })).toBeInViewport();

  await refusal.getByRole("button", { name: "Skip these and send" }).click();
  await expect(page.getByText("Request Sent")).toBeVisible();
  const mine = (await (await parent.api.get("/api/bookings/mine")).json()) as { bookings: { startsAt: string }[] };
  expect(mine.bookings.map((b) => b.startsAt).sort()).toEqual([...chosen].sort());
});

/**
 * The instants of the three chosen times: the same day's slots from the API, matched by the clock
 * the panel shows ("10:00 AM") in its Selected list.
 */
async function selectedStarts(page: Page, teacherId: string): Promise<string[]> {
  const labels = await page.getByRole("region", { name: "Selected times" }).getByRole("listitem").allInnerTexts();
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const res = await page.request.get(`/api/teachers/${teacherId}/slots?month=${month}&timeZone=America%2FNew_York&type=intro`);
  const { days } = (await res.json()) as { days: Record<string, { startsAt: string }[]> };
  const label = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: "America/New_York" }).format(new Date(iso));
  const all = Object.values(days).flat();
  return labels.map((text) => all.find((s) => label(s.startsAt) === text.trim())!.startsAt);
}
