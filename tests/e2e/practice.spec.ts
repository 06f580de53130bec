import type { Locator, Page } from "@playwright/test";
import { API_LEAD_MS, daytimeZone, expectAxeClean, firstMinuteAfter, localClock, ok } from "./soon-lessons";
import { expect, makeDiscoverable, signInThroughApi, test, type E2EAccount } from "./fixtures";
import { lastMailText } from "./outbox";

/**
 * Issue 29 in one journey, two browsers: the teacher assigns homework right after a lesson; the
 * parent runs the practice timer (it survives a reload), logs yesterday by hand, sees a 2-day
 * streak and the practice XP in the class; the week's digest email holds those figures; the teacher
 * sees the same week and marks the homework reviewed, and the family reads the comment.
 */

/** The view at 1280 and on a 390 px phone (saved under test-results/ and looked at), axe-clean at both. */
async function shoot(page: Page, target: Locator, name: string, within?: string) {
  await target.screenshot({ path: `test-results/practice-${name}-1280.png` });
  await expectAxeClean(page, within);
  await page.setViewportSize({ width: 390, height: 844 });
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: `test-results/practice-${name}-390.png` });
  await expectAxeClean(page, within);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A lesson starting in a minute or so, in a zone where it is daytime, accepted by the teacher. */
async function lessonStartingSoon(parent: E2EAccount, teacher: E2EAccount): Promise<{ startsAt: Date; zone: string; studentId: string }> {
  await makeDiscoverable(teacher);
  const startsAt = firstMinuteAfter(API_LEAD_MS);
  const zone = daytimeZone(startsAt);
  await ok(await teacher.api.patch("/api/teachers/me", { data: { timeZone: zone } }), "time zone");
  const availability = (await ok(await teacher.api.get("/api/teachers/me/availability"), "availability")) as { windows: { id: string }[] };
  for (const window of availability.windows) await teacher.api.delete(`/api/teachers/me/availability/${window.id}`);
  const end = localClock(new Date(startsAt.getTime() + 2 * 3_600_000), zone);
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    await ok(await teacher.api.post("/api/teachers/me/availability", { data: { dayOfWeek, startTime: localClock(startsAt, zone), endTime: end, format: "both" } }), "window");
  }
  await ok(await teacher.api.put("/api/teachers/me/lesson-settings", { data: { noticeHours: 0, bufferMinutes: 0, leadHours: 0 } }), "lead time");
  const { id: teacherId } = (await ok(await teacher.api.get("/api/teachers/me"), "me")) as { id: string };
  const [student] = (await ok(await parent.api.get("/api/students"), "students")) as unknown as { id: string }[];
  const booked = (await ok(
    await parent.api.post("/api/bookings", {
      data: { teacherId, studentId: student!.id, bookingType: "full", format: "in_person", startTimes: [startsAt.toISOString()] },
    }),
    "booking",
  )) as { bookings: { id: string }[] };
  await ok(await teacher.api.post(`/api/bookings/${booked.bookings[0]!.id}/accept`), "accept");
  return { startsAt, zone, studentId: student!.id };
}

const dayIn = (zone: string, instant = new Date()) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

test("practice: homework after a lesson, the timer and a typed log on two days, the streak, the week, practice XP and the review", async ({
  page,
  browser,
  baseURL,
  parent,
  teacher,
}) => {
  test.setTimeout(480_000);
  const { startsAt, zone, studentId } = await lessonStartingSoon(parent, teacher);
  // A class with XP progress that Mia is in: practice earns XP there.
  const created = (await ok(await teacher.api.post("/api/classes", { data: { name: "Practice Piano", format: "xp" } }), "class")) as { id: string; joinCode: string };
  await ok(await parent.api.post("/api/classes/join", { data: { code: created.joinCode, studentId } }), "join");

  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);

  // Before any homework or practice, the family's practice says what to do first, and no figure.
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  const practice = page.locator("#practice");
  await expect(practice.getByTestId("practice-empty")).toContainText("Nothing logged yet. Start the timer");
  await expect(practice).toContainText("No homework yet.");

  // Once the lesson has started, the teacher records it attended and assigns homework in the same dialog.
  await expect.poll(() => Date.now(), { timeout: 180_000, intervals: [5_000] }).toBeGreaterThan(startsAt.getTime() + 1_000);
  await teacherPage.goto("/teacher-landing");
  const teacherLessons = teacherPage.locator("section[aria-labelledby='lessons-heading']");
  await teacherLessons.getByRole("button", { name: "Record Attendance" }).click();
  const attendance = teacherPage.getByRole("dialog", { name: "Record Attendance" });
  await attendance.getByRole("radio", { name: "Attended" }).check();
  await attendance.getByRole("button", { name: "Save" }).click();
  const assign = teacherPage.getByRole("dialog", { name: "Assign homework" });
  await expect(assign).toContainText("Attendance saved.");
  await assign.getByLabel("Item 1", { exact: true }).fill("C major scale, hands together");
  await assign.getByRole("button", { name: "Add item" }).click();
  await assign.getByLabel("Item 2", { exact: true }).fill("Minuet in G, bars 1-8, slowly");
  await assign.getByLabel("Minutes per day").fill("20");
  await assign.getByLabel("Days per week").fill("5");
  // Due today (the teacher's zone), so the teacher may review it in this journey.
  await assign.getByLabel("Due", { exact: true }).fill(dayIn(zone));
  await shoot(teacherPage, assign, "homework-dialog", "[role=dialog]");
  await assign.getByRole("button", { name: "Assign homework" }).click();
  await expect(assign).toBeHidden();

  // The family sees the homework and runs the timer: start, reload (the server kept it), pause, resume.
  await page.reload();
  await expect(practice.getByTestId("homework")).toContainText("C major scale, hands together");
  await expect(practice.getByTestId("homework")).toContainText("Goal: 20 min a day, 5 days a week");
  const timer = practice.getByRole("region", { name: "Practice timer" });
  await timer.getByRole("button", { name: "Start timer" }).click();
  await expect(timer.getByRole("status")).toHaveText("Running");
  await page.waitForTimeout(3_000);
  await page.reload();
  await expect(timer.getByRole("status")).toHaveText("Running");
  await expect(timer.getByTestId("timer-elapsed")).not.toContainText("0:00");
  await timer.getByRole("button", { name: "Pause" }).click();
  await expect(timer.getByRole("status")).toHaveText("Paused");
  await timer.getByRole("button", { name: "Resume" }).click();
  await expect(timer.getByRole("status")).toHaveText("Running");
  await shoot(page, timer, "timer");
  // A minute of practice at least, then Stop and log.
  await expect(timer.getByTestId("timer-elapsed")).toContainText(/^1:\d\d/, { timeout: 75_000 });
  await timer.getByRole("button", { name: "Stop and log" }).click();
  await timer.getByRole("checkbox", { name: "C major scale, hands together" }).check();
  const logTimed = timer.getByRole("button", { name: /^Log \d+ min$/ });
  const timedMinutes = Number(/\d+/.exec((await logTimed.textContent()) ?? "")![0]);
  await logTimed.click();
  await expect(timer.getByRole("button", { name: "Start timer" })).toBeVisible();
  const log = practice.getByRole("region", { name: "Mia's practice log" });
  await expect(log.getByTestId("practice-entry").first()).toContainText("Timed");

  // Yesterday's practice, typed: Self-reported.
  await practice.getByRole("button", { name: "Log practice" }).click();
  const form = practice.getByRole("form", { name: "Log practice" });
  const today = (await form.getByLabel("Date").getAttribute("max"))!;
  await form.getByLabel("Date").fill(dayBefore(today));
  await form.getByLabel("Minutes").fill("30");
  await form.getByRole("checkbox", { name: "Minuet in G, bars 1-8, slowly" }).check();
  await form.getByRole("button", { name: "Log practice" }).click();
  await expect(log.getByTestId("practice-entry")).toHaveCount(2);
  await expect(log.getByTestId("practice-entry").filter({ hasText: "Self-reported" })).toContainText("30 min");

  // Two days in a row: a 2-day streak; the week says which minutes were timed.
  const week = practice.getByRole("region", { name: "Mia's practice week" });
  await expect(week.getByTestId("streak-current")).toHaveText("2 days");
  await expect(week.getByTestId("week-minutes")).toContainText("of 1 h 40 min");
  await shoot(page, week, "week-parent");

  // The class's progress shows practice XP as its own line.
  await page.goto(`/class/${created.id}`);
  await expect(page.getByTestId("practice-xp")).toContainText(/^Practice: [1-9]\d* XP/);
  // Which practice counts (issue 41): since the child joined the class.
  await expect(page.getByTestId("practice-xp-rule")).toHaveText(/^From practice logged since Mia joined this class on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
  await shoot(page, page.getByTestId("practice-xp").locator("xpath=ancestor::section[1]"), "class-xp");
  await expectAxeClean(page);

  // The week's digest, as Sunday's will be (sent now from Settings): those minutes, the streak, the homework.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Email me this week's digest now" }).click();
  await expect(page.getByText(`Sent to ${parent.email}: this week so far.`)).toBeVisible();
  const digest = await lastMailText(parent.email, "weekly-digest");
  // Yesterday's typed minutes are this week's unless today is a Monday.
  const yesterdayThisWeek = new Date(`${today}T12:00:00Z`).getUTCDay() !== 1;
  const weekMinutes = timedMinutes + (yesterdayThisWeek ? 30 : 0);
  // Issue 41: the week's goal against the minutes done, and every figure with its unit.
  expect(digest).toMatch(new RegExp(`Practice this week: ${weekMinutes} of \\d+ minutes \\(goal: `));
  expect(digest).toMatch(new RegExp(`${weekMinutes} minutes? on ${yesterdayThisWeek ? "2 days" : "1 day"} \\(`));
  expect(digest).toContain("Streak: 2-day streak");
  expect(digest).toContain("C major scale, hands together; Minuet in G, bars 1-8, slowly");
  const html = /<!doctype html>[\s\S]*<\/html>/i.exec(digest)![0];
  const emailPage = await page.context().newPage();
  await emailPage.setViewportSize({ width: 1280, height: 800 });
  await emailPage.setContent(html);
  await expect(emailPage.getByRole("heading", { level: 2, name: "Mia Rivera" })).toBeVisible();
  await shoot(emailPage, emailPage.locator("body"), "digest-email");
  await emailPage.close();

  // The teacher sees the same week in My Students and marks the homework reviewed.
  await teacherPage.goto("/teacher/students");
  const card = teacherPage.getByRole("article", { name: /Mia Rivera/ });
  await expect(card.getByTestId("student-practice")).toContainText("Streak 2 days");
  await shoot(teacherPage, card, "my-students-homework");
  await card.getByRole("button", { name: "Practice of Mia Rivera" }).click();
  const dialog = teacherPage.getByRole("dialog", { name: "Mia Rivera: practice" });
  await expect(dialog.getByTestId("streak-current")).toHaveText("2 days");
  await expect(dialog.getByTestId("practice-entry").filter({ hasText: "Self-reported" })).toContainText("30 min");
  await shoot(teacherPage, dialog, "week-teacher", "[role=dialog]");
  await dialog.getByRole("button", { name: "Mark reviewed" }).click();
  await dialog.getByLabel("Comment for the family").fill("Lovely steady scales. Next: hands together at 80 bpm.");
  await dialog.getByRole("button", { name: "Save review" }).click();
  await expect(dialog.getByTestId("homework")).toContainText("Reviewed");

  // The family reads the review on the student page.
  await page.goto(`/parent/student/${studentId}`);
  await expect(page.getByText("Lovely steady scales. Next: hands together at 80 bpm.")).toBeVisible();
  await expectAxeClean(page);
  await teacherContext.close();
});
