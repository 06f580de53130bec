import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { bookLessons } from "./booked-lessons";
import { expect, signInThroughApi, test } from "./fixtures";
import { lastMailText } from "./outbox";

/** Screenshots to look at, kept out of git (.gitignore: screenshots/). */
const SHOTS = "screenshots";
const REASON = "I am away that week for a concert tour. Any weekday afternoon the week after works.";

// The family lives in Los Angeles (their browser says so); the teacher teaches on New York time.
test.use({ timezoneId: "America/Los_Angeles" });

test("a teacher declines a request with a reason: the family reads it in their requests and in the email, on their own clock", async ({
  page,
  browser,
  baseURL,
  parent,
  teacher,
}) => {
  const { bookingIds } = await bookLessons(parent, teacher, [{ time: "10:00", type: "full", accept: false }]);

  // The family opens the app: it reports their browser's zone once (emails use it).
  await signInThroughApi(page, parent);
  const reported = page.waitForResponse((res) => res.url().endsWith("/api/parents/me/time-zone") && res.request().method() === "PUT");
  await page.goto("/dashboard");
  expect((await reported).status()).toBe(204);

  // The teacher, in New York, declines: a dialog asks first, with an optional reason.
  const teacherContext = await browser.newContext({ baseURL, timezoneId: "America/New_York", viewport: { width: 1280, height: 800 } });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  await teacherPage.getByRole("button", { name: /^Decline Mia's request/ }).click();
  const dialog = teacherPage.getByRole("dialog", { name: "Decline Request" });
  await expect(dialog).toContainText("Mia's family is told by email");
  const reason = dialog.getByLabel("Reason (optional)");
  await expect(reason).toBeFocused();
  await reason.fill(REASON);

  const axe = await new AxeBuilder({ page: teacherPage }).include("[role=dialog]").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await teacherPage.screenshot({ path: `${SHOTS}/decline-dialog-1280.png` });
  await teacherPage.setViewportSize({ width: 390, height: 844 });
  await teacherPage.screenshot({ path: `${SHOTS}/decline-dialog-390.png` });
  await teacherPage.setViewportSize({ width: 1280, height: 800 });

  // Keep Request changes nothing; Decline Request declines.
  await dialog.getByRole("button", { name: "Keep Request" }).click();
  await expect(dialog).toBeHidden();
  await teacherPage.getByRole("button", { name: /^Decline Mia's request/ }).click();
  await dialog.getByLabel("Reason (optional)").fill(REASON);
  await dialog.getByRole("button", { name: "Decline Request" }).click();
  await expect(dialog).toBeHidden();
  await expect(teacherPage.getByRole("button", { name: /^Decline Mia's request/ })).toHaveCount(0);
  await teacherContext.close();

  // The family sees the answer and the reason in their requests list.
  await page.reload();
  const request = page.locator("#lesson-requests li").filter({ hasText: "Declined" });
  await expect(request).toContainText(`Reason: ${REASON}`);

  // And in the email, with the time on their own (Pacific) clock.
  const declined = await (await parent.api.get("/api/bookings/mine")).json() as { bookings: { id: string; declineReason: string | null }[] };
  expect(declined.bookings.find((b) => b.id === bookingIds[0])?.declineReason).toBe(REASON);
  const mail = await lastMailText(parent.email, "booking-declined");
  expect(mail).toContain(`> ${REASON}`);
  expect(mail).toMatch(/at 7:00 AM P[SD]T\./);
  expect(mail).not.toMatch(/E[SD]T/);
});

test("a teacher cancels with a reason the family reads; the family chooses the zone of their emails in Settings", async ({ page, browser, baseURL, parent, teacher }) => {
  await bookLessons(parent, teacher, [{ time: "11:00", type: "full", accept: true }]);

  // Settings: the device's zone by default; a chosen zone is kept and used for emails.
  await signInThroughApi(page, parent);
  await page.goto("/settings");
  const zone = page.getByLabel("Time zone", { exact: true });
  await expect(zone).toHaveValue("");
  await expect(zone.locator("option:checked")).toHaveText("Use my device's time zone (Pacific Time (Los Angeles))");
  await zone.selectOption("America/Denver");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("America/Denver");
  mkdirSync(SHOTS, { recursive: true });
  await page.locator("#time-zone").screenshot({ path: `${SHOTS}/parent-settings-time-zone-1280.png` });

  // The teacher cancels the lesson, saying why.
  const teacherContext = await browser.newContext({ baseURL, timezoneId: "America/New_York", viewport: { width: 1280, height: 800 } });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  const lessons = teacherPage.locator("section[aria-labelledby='lessons-heading']");
  await lessons.getByRole("button", { name: /^Cancel/ }).first().click();
  const dialog = teacherPage.getByRole("dialog", { name: "Cancel Lesson" });
  await dialog.getByLabel("Reason (optional)").fill("I have the flu, sorry.");
  await teacherPage.screenshot({ path: `${SHOTS}/teacher-cancel-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Cancel Lesson" }).click();
  await expect(dialog).toBeHidden();
  await teacherContext.close();

  // The family reads it on their lesson, and in the email on the zone they chose (Mountain).
  await page.goto("/dashboard");
  await expect(page.locator("#my-lessons").getByTestId("lesson-row").filter({ hasText: "Cancelled" })).toContainText(
    "Reason for cancelling: I have the flu, sorry.",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator("#my-lessons").screenshot({ path: `${SHOTS}/parent-lessons-reason-390.png` });
  const mail = await lastMailText(parent.email, "lesson-cancelled");
  expect(mail).toContain("> I have the flu, sorry.");
  expect(mail).toMatch(/at 9:00 AM M[SD]T\n/);
});
