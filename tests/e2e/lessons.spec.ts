import { confirmAcceptPrice } from "./helpers";
import type { Locator, Page } from "@playwright/test";
import { BROWSER_LEAD_MS, daytimeZone, expectAxeClean, firstMinuteAfter, localClock, ok } from "./soon-lessons";
import { expect, makeDiscoverable, signInThroughApi, test, type E2EAccount } from "./fixtures";

/**
 * A dialog as it looks at 1280 px and on a 390 px phone (saved under test-results/ and looked at),
 * with no serious or critical axe finding inside it.
 */
async function shoot(page: Page, dialog: Locator, name: string) {
  await dialog.screenshot({ path: `test-results/lessons-${name}-1280.png` });
  await expectAxeClean(page, "[role=dialog]");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/lessons-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The teacher teaches every day from a minute-exact start a minute or two ahead, so the first weekly
 * lesson starts during the test (attendance is recorded after a lesson's start), and asks for the
 * longest notice (168 h), so a lesson inside the coming week is a late cancel and later ones are not,
 * and no lead time (a lesson a minute away can be requested).
 */
async function teacherStartingSoon(teacher: E2EAccount): Promise<{ firstLesson: Date; teacherId: string }> {
  await makeDiscoverable(teacher);
  const firstLesson = firstMinuteAfter(BROWSER_LEAD_MS);
  const zone = daytimeZone(firstLesson);
  await ok(await teacher.api.patch("/api/teachers/me", { data: { timeZone: zone } }), "time zone");
  const availability = (await ok(await teacher.api.get("/api/teachers/me/availability"), "availability")) as { windows: { id: string }[] };
  for (const window of availability.windows) await teacher.api.delete(`/api/teachers/me/availability/${window.id}`);
  const start = localClock(firstLesson, zone);
  const end = localClock(new Date(firstLesson.getTime() + 3 * 3_600_000), zone);
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    await ok(await teacher.api.post("/api/teachers/me/availability", { data: { dayOfWeek, startTime: start, endTime: end, format: "both" } }), "window");
  }
  await ok(await teacher.api.put("/api/teachers/me/lesson-settings", { data: { noticeHours: 168, bufferMinutes: 0, leadHours: 0 } }), "notice");
  const me = (await ok(await teacher.api.get("/api/teachers/me"), "me")) as { id: string };
  return { firstLesson, teacherId: me.id };
}

test("a parent's weekly lessons: accepted, cancelled late and early, rescheduled, attended with a note the parent reads; My Students, Earnings and Billing count them", async ({ page, browser, baseURL, parent, teacher }) => {
  test.setTimeout(240_000);
  const { firstLesson, teacherId } = await teacherStartingSoon(teacher);
  const students = (await ok(await parent.api.get("/api/students"), "students")) as unknown as { id: string }[];
  const studentId = students[0]!.id;

  // The parent asks for 8 weekly lessons in one request (through the API: the panel's "every week"
  // option is the series engineer's; this journey is about what happens to the lessons afterwards).
  await ok(
    await parent.api.post("/api/bookings", {
      data: { teacherId, studentId, bookingType: "full", format: "in_person", startTimes: [firstLesson.toISOString()], repeat: { weeks: 8 } },
    }),
    "series request",
  );

  // The teacher accepts the series on the dashboard.
  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  await teacherPage.getByRole("button", { name: /^Accept Mia's request/ }).first().click();
  await confirmAcceptPrice(teacherPage);
  await expect(teacherPage.getByRole("button", { name: /^Accept Mia's request/ })).toHaveCount(0);

  // The teacher moves the third lesson to two days from now (a teacher may move a lesson any time),
  // which puts it inside the 168-hour window: in a weekly series that starts now, only a moved
  // lesson can be less than a week away.
  const mine = (await ok(await parent.api.get("/api/lessons/mine"), "lessons")) as { lessons: { id: string }[] };
  const third = mine.lessons[2]!.id;
  await ok(
    await teacher.api.post(`/api/lessons/${third}/reschedule`, { data: { startsAt: new Date(firstLesson.getTime() + 2 * 86_400_000).toISOString() } }),
    "teacher moves the third lesson",
  );

  // The parent sees 8 booked lessons on the dashboard.
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  const lessons = page.locator("#my-lessons").getByTestId("lesson-row");
  await expect(lessons).toHaveCount(8);
  await expect(lessons.filter({ hasText: "Booked" })).toHaveCount(8);
  await expectAxeClean(page);

  // The third lesson, now two days away, is inside the 168-hour window: a late cancel without credit.
  await lessons.nth(1).getByRole("button", { name: "Cancel" }).click();
  const lateDialog = page.getByRole("dialog", { name: "Cancel Lesson" });
  await expect(lateDialog.getByText("This is a late cancellation")).toBeVisible();
  await expect(lateDialog.getByText("No make-up credit is given.")).toBeVisible();
  await shoot(page, lateDialog, "cancel-late");
  await lateDialog.getByRole("radio", { name: "Only this lesson" }).check();
  await lateDialog.getByRole("button", { name: "Cancel Lesson" }).click();
  await expect(lateDialog).toBeHidden();
  await expect(lessons.filter({ hasText: "Cancelled late" })).toHaveCount(1);
  await expect(page.locator("#make-up-credits")).toContainText("No make-up credits.");

  // The fourth is three weeks away: free cancellation, a make-up credit.
  const fourth = page.locator("#my-lessons").getByTestId("lesson-row").filter({ hasText: "Booked" }).nth(2);
  await fourth.getByRole("button", { name: "Cancel" }).click();
  const earlyDialog = page.getByRole("dialog", { name: "Cancel Lesson" });
  await expect(earlyDialog.getByText(/Free cancellation until/)).toBeVisible();
  await shoot(page, earlyDialog, "cancel-early");
  await earlyDialog.getByRole("button", { name: "Cancel Lesson" }).click();
  await expect(earlyDialog).toBeHidden();
  await expect(page.locator("#make-up-credits").getByTestId("credits-available")).toHaveText("1");

  // The fifth moves to another open time.
  const fifth = page.locator("#my-lessons").getByTestId("lesson-row").filter({ hasText: "Booked" }).nth(3);
  const before = await fifth.locator("p").nth(1).innerText();
  await fifth.getByRole("button", { name: "Reschedule" }).click();
  const move = page.getByRole("dialog", { name: "Reschedule Lesson" });
  const openDay = move.locator(".rdp-day:not([data-disabled]) button").nth(10);
  await openDay.click();
  await move.getByRole("group", { name: /Open times on/ }).getByRole("button").first().click();
  await shoot(page, move, "reschedule");
  await move.getByRole("button", { name: /^Move to/ }).click();
  await expect(move).toBeHidden();
  await expect(page.locator("#my-lessons").getByText(before)).toHaveCount(0);

  // Once the first lesson has started, the teacher records it attended with a note.
  await expect.poll(() => Date.now(), { timeout: 180_000, intervals: [5_000] }).toBeGreaterThan(firstLesson.getTime() + 1_000);
  await teacherPage.reload();
  const teacherLessons = teacherPage.locator("section[aria-labelledby='lessons-heading']");
  await teacherLessons.getByRole("button", { name: "Record Attendance" }).click();
  const attendance = teacherPage.getByRole("dialog", { name: "Record Attendance" });
  await attendance.getByRole("radio", { name: "Attended" }).check();
  await attendance.getByLabel("Lesson note (optional)").fill("C major scale hands together; practise bars 1-8 of the minuet slowly.");
  await shoot(teacherPage, attendance, "attendance");
  await attendance.getByRole("button", { name: "Save" }).click();
  await expect(attendance).toBeHidden();
  // Saved as attended, the dialog offers homework (issue 29); this journey leaves it for later.
  await teacherPage.getByRole("dialog", { name: "Assign homework" }).getByRole("button", { name: "Not now" }).click();
  await expect(teacherPage.getByRole("dialog")).toHaveCount(0);
  await expect(teacherLessons.getByText("Attended")).toBeVisible();

  // The parent reads the note on the student page.
  await page.goto(`/parent/student/${studentId}`);
  await expect(page.getByText("C major scale hands together; practise bars 1-8 of the minuet slowly.")).toBeVisible();
  await expect(page.getByText("Attended").first()).toBeVisible();

  // The teacher's students, earnings and the parent's billing show those figures: of the 8, one
  // attended, two cancelled (one late), five upcoming (the moved fifth among them), one credit.
  // Statements count a year at a time (earnings in the teacher's zone, billing in the browser's),
  // so the expected tiles are counted from the lessons themselves for the year of the first one.
  const final = (await ok(await parent.api.get("/api/lessons/mine"), "lessons")) as unknown as { lessons: LessonDTO[] };
  expect(final.lessons).toHaveLength(8);
  const teacherZone = final.lessons[0]!.teacher.timeZone;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  await teacherPage.goto("/teacher/students");
  const card = teacherPage.getByRole("article", { name: /Mia Rivera/ });
  await expect(card).toContainText("Upcoming5 lessons");
  await expect(card).toContainText("Attended1 lesson");
  await expect(card).toContainText("Make-up credits1 available");
  const year = yearIn(firstLesson, teacherZone);
  await teacherPage.goto(`/teacher/earnings?year=${year}`);
  await expectStatementTotals(teacherPage, tallies(final.lessons, year, teacherZone));
  const billingYear = yearIn(firstLesson, browserZone);
  await page.goto(`/billing?year=${billingYear}`);
  await expectStatementTotals(page, tallies(final.lessons, billingYear, browserZone));
  await teacherContext.close();
});

type LessonDTO = { startsAt: string; status: string; attendance: string | null; lateCancel: boolean | null; teacher: { timeZone: string } };

const yearIn = (instant: Date | string, zone: string) => Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric" }).format(new Date(instant)));
const lessonsCount = (count: number) => `${count} ${count === 1 ? "lesson" : "lessons"}`;

/** What a statement's tiles must say for one year, counted from the lessons (all in the future but the attended one). */
function tallies(lessons: LessonDTO[], year: number, zone: string) {
  const inYear = lessons.filter((lesson) => yearIn(lesson.startsAt, zone) === year);
  const cancelled = inYear.filter((lesson) => lesson.status === "cancelled");
  const late = cancelled.filter((lesson) => lesson.lateCancel).length;
  return {
    attended: lessonsCount(inYear.filter((lesson) => lesson.attendance === "attended").length),
    cancelled: `${lessonsCount(cancelled.length)}${late > 0 ? ` (${late} late)` : ""}`,
    upcoming: lessonsCount(inYear.filter((lesson) => lesson.status === "accepted" && lesson.attendance === null).length),
  };
}

async function expectStatementTotals(page: Page, expected: { attended: string; cancelled: string; upcoming: string }) {
  await expect(page.getByText("Payments are not taken in the app.", { exact: false })).toBeVisible();
  for (const [outcome, text] of Object.entries(expected)) await expect(page.getByTestId(`total-${outcome}-count`)).toHaveText(text);
}
