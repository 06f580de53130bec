import type { Page } from "@playwright/test";
import { API_LEAD_MS, firstMinuteAfter, localClock, ok } from "./soon-lessons";
import { expect, makeDiscoverable, signInThroughApi, test, type E2EAccount } from "./fixtures";
import { lastMailText } from "./outbox";

/** A zone where it is daytime now, so a window starting in a minute or so fits in one local day. */
function daytimeZone(now: Date): string {
  const hourIn = (zone: string) => Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(now));
  return ["America/Chicago", "Europe/London", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata"].find((zone) => hourIn(zone) >= 6 && hourIn(zone) <= 20)!;
}

const yearIn = (instant: Date, zone: string) => Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric" }).format(instant));

/**
 * The teacher teaches every day from a start a minute or so ahead, so a lesson booked now starts
 * during the test (attendance is recorded after the start). Lead time 0: a time a minute away
 * may be asked for (issue 26's lead time; ignored where the setting does not exist yet).
 */
async function teacherStartingSoon(teacher: E2EAccount): Promise<{ first: Date; zone: string; teacherId: string }> {
  await makeDiscoverable(teacher);
  const first = firstMinuteAfter(API_LEAD_MS);
  const zone = daytimeZone(first);
  await ok(await teacher.api.patch("/api/teachers/me", { data: { timeZone: zone } }), "time zone");
  const availability = (await ok(await teacher.api.get("/api/teachers/me/availability"), "availability")) as { windows: { id: string }[] };
  for (const window of availability.windows) await teacher.api.delete(`/api/teachers/me/availability/${window.id}`);
  const [start, end] = [localClock(first, zone), localClock(new Date(first.getTime() + 3 * 3_600_000), zone)];
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    await ok(await teacher.api.post("/api/teachers/me/availability", { data: { dayOfWeek, startTime: start, endTime: end, format: "both" } }), "window");
  }
  await ok(await teacher.api.put("/api/teachers/me/lesson-settings", { data: { noticeHours: 0, bufferMinutes: 0, leadHours: 0 } }), "lesson settings");
  const me = (await ok(await teacher.api.get("/api/teachers/me"), "me")) as { id: string };
  return { first, zone, teacherId: me.id };
}

async function shootDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: "Delete Account" });
  await dialog.screenshot({ path: `screenshots/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeVisible();
  await page.screenshot({ path: `screenshots/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Issue 26: a parent deletes their account. The dialog says what will happen and asks for the
 * password; afterwards the teacher still has the attended lesson, its note and its earnings, the
 * family shown as "Deleted user", and the lesson still ahead is cancelled, the teacher emailed.
 */
test("a parent deletes the account; the teacher still sees the attended lesson and earnings with Deleted user", async ({ page, browser, baseURL, parent, teacher }) => {
  test.setTimeout(240_000);
  const { first, zone, teacherId } = await teacherStartingSoon(teacher);
  const students = (await ok(await parent.api.get("/api/students"), "students")) as unknown as { id: string }[];
  const ask = async (startsAt: Date) => {
    const res = (await ok(
      await parent.api.post("/api/bookings", { data: { teacherId, studentId: students[0]!.id, bookingType: "full", format: "in_person", startTimes: [startsAt.toISOString()] } }),
      "request",
    )) as { bookings: { id: string }[] };
    const id = res.bookings[0]!.id;
    await ok(await teacher.api.post(`/api/bookings/${id}/accept`), "accept");
    return id;
  };
  const today = await ask(first);
  const nextWeek = await ask(new Date(first.getTime() + 7 * 86_400_000));

  // Once the first lesson has started, the teacher records it attended, with a note.
  await expect.poll(() => Date.now(), { timeout: 180_000, intervals: [5_000] }).toBeGreaterThan(first.getTime() + 1_000);
  await ok(await teacher.api.put(`/api/lessons/${today}/attendance`, { data: { outcome: "attended", note: "Scales in C, hands together." } }), "attendance");

  // The parent opens Delete Account: it says what happens to their lessons, and wants the password.
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Account" });
  const consequences = dialog.getByRole("list", { name: "What deleting your account does" });
  await expect(consequences).toContainText("Your future lessons and pending lesson requests are cancelled, and each teacher is emailed");
  await expect(consequences).toContainText("“Deleted user”");
  await expect(consequences).not.toContainText("availability");
  await shootDialog(page, "account-deletion-dialog");
  await dialog.getByLabel("Current password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That password is not correct.")).toBeVisible();
  await expect(dialog.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await dialog.screenshot({ path: "screenshots/account-deletion-dialog-wrong-password-1280.png" });
  await dialog.getByLabel("Current password").fill(parent.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();

  // The teacher: the attended lesson stays, with its note, the family as "Deleted user"; next week's is cancelled.
  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  const lessons = teacherPage.locator("section[aria-labelledby='lessons-heading']");
  const attended = lessons.getByTestId("lesson-row").filter({ hasText: "Attended" });
  await expect(attended).toContainText("Full Lesson with Deleted user");
  await expect(attended).toContainText("Scales in C, hands together.");
  await expect(attended.getByRole("button", { name: /Message/ })).toHaveCount(0);
  const teaching = (await ok(await teacher.api.get("/api/lessons/teaching"), "lessons")) as { lessons: { id: string; status: string; student: { firstName: string } }[] };
  expect(teaching.lessons.find((l) => l.id === nextWeek)).toMatchObject({ status: "cancelled", student: { firstName: "Deleted user" } });

  // Earnings keep the attended lesson at the price agreed for it (the low end of $60-90, taken at acceptance).
  await teacherPage.goto(`/teacher/earnings?year=${yearIn(first, zone)}`);
  await expect(teacherPage.getByTestId("total-attended-count")).toHaveText("1 lesson");
  const months = teacherPage.locator("section[aria-labelledby='lessons-heading'] details");
  await months.first().locator("summary").click();
  const row = months.first().getByRole("listitem").filter({ hasText: "Attended" });
  await expect(row).toContainText("Full Lesson with Deleted user");
  await expect(row).toContainText("$60.00 USD");
  await teacherPage.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await teacherPage.screenshot({ path: "screenshots/earnings-deleted-user-390.png", fullPage: true });

  // The teacher's own Delete Account says what it would do to families (nothing of "your students"); cancelled, nothing happens.
  await teacherPage.setViewportSize({ width: 1280, height: 800 });
  await teacherPage.getByRole("button", { name: "Account menu" }).click();
  await teacherPage.getByRole("menuitem", { name: "Delete Account" }).click();
  const teacherDialog = teacherPage.getByRole("dialog", { name: "Delete Account" });
  await expect(teacherDialog.getByRole("list", { name: "What deleting your account does" })).toContainText("Make-up credits families hold with you become void.");
  await expect(teacherDialog).not.toContainText("your students");
  await shootDialog(teacherPage, "account-deletion-dialog-teacher");
  await teacherDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(teacherDialog).toBeHidden();
  await teacherContext.close();

  // The teacher was told, in the teacher's zone.
  const mail = await lastMailText(teacher.email, "account-closed");
  expect(mail).toContain("Jordan Rivera closed their account");
  expect(mail).toContain("Mia's full lesson");
});
