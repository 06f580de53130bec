import { confirmAcceptPrice } from "./helpers";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";

interface Slots {
  teacherTimeZone: string;
  days: Record<string, { startsAt: string }[]>;
}

// The parent's browser and the teacher (New York, from the fixture) share a zone, so a day is the same day for both.
test.use({ timezoneId: "America/New_York" });

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("a teacher takes a week off and keeps a buffer; a parent books 4 weekly lessons in the panel, skips the week off, and the teacher accepts the 3 as one request", async ({
  page,
  browser,
  baseURL,
  parent,
  teacher,
}) => {
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  // The first open full-lesson time, in the teacher's zone (the browser's zone is the teacher's here).
  const month = new Date().toISOString().slice(0, 7);
  const slots = (await (await page.request.get(`/api/teachers/${teacherId}/slots?type=full&month=${month}&timeZone=America/New_York`)).json()) as Slots;
  let firstDay = Object.keys(slots.days).sort().find((day) => (slots.days[day] ?? []).length > 0);
  const inNextMonth = !firstDay;
  if (!firstDay) {
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7);
    const later = (await (await page.request.get(`/api/teachers/${teacherId}/slots?type=full&month=${next}&timeZone=America/New_York`)).json()) as Slots;
    firstDay = Object.keys(later.days).sort().find((day) => (later.days[day] ?? []).length > 0)!;
  }
  const weekOff = addDays(firstDay, 7);

  // The teacher keeps 15 minutes between lessons and takes the second week's day off, in settings.
  const teacherContext = await browser.newContext({ baseURL, timezoneId: "America/New_York" });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher/settings");
  await teacherPage.getByLabel("Buffer between lessons (minutes)").fill("15");
  await teacherPage.getByRole("button", { name: "Save Lesson Settings" }).click();
  await expect(teacherPage.getByText("Lesson settings saved.")).toBeVisible();
  await teacherPage.getByLabel("First day off").fill(weekOff);
  await teacherPage.getByLabel("Last day off").fill(weekOff);
  await teacherPage.getByLabel("Note (optional)").fill("Family visit");
  await teacherPage.getByRole("button", { name: "Add Time Off" }).click();
  await expect(teacherPage.getByText("Family visit")).toBeVisible();
  const settings = (await (await teacher.api.get("/api/teachers/me/lesson-settings")).json()) as { bufferMinutes: number };
  expect(settings.bufferMinutes).toBe(15);

  // The parent asks for 4 weekly lessons at the first open time: the week off is refused by name.
  await signInThroughApi(page, parent);
  await page.goto(`/teacher/profile/${teacherId}`);
  await page.getByRole("button", { name: "Book a Lesson" }).click();
  const panel = page.getByRole("dialog", { name: "Book a Lesson" });
  const day = panel.locator(`[data-day="${firstDay}"]:not([data-outside]) button`);
  await expect(panel.getByText(/Times shown in/)).toBeVisible();
  if (inNextMonth) await panel.getByRole("button", { name: /next month/i }).click();
  await day.click();
  await panel.getByRole("group", { name: /Open times on/ }).getByRole("button").first().click();
  await panel.getByRole("button", { name: "Continue" }).click();
  const chooser = page.getByRole("dialog", { name: "Select Student" });
  if (await chooser.isVisible().catch(() => false)) await chooser.getByRole("button", { name: /^Mia / }).click();
  await panel.getByRole("radio", { name: /^In person/ }).check();
  await panel.getByRole("radio", { name: "Every week, for a number of weeks" }).check();
  await panel.getByLabel("Number of lessons").fill("4");
  await panel.getByRole("button", { name: "Send Request" }).click();
  await expect(panel.getByText("1 of the 4 chosen times cannot be booked", { exact: false })).toBeVisible();
  await expect(panel.getByText(/the teacher is away/)).toBeVisible();
  await panel.getByRole("button", { name: "Skip this date and send" }).click();
  await expect(page.getByText("Request Sent")).toBeVisible();

  // The teacher sees one request for 3 weekly lessons and accepts it whole.
  await teacherPage.goto("/teacher-landing");
  const accept = teacherPage.getByRole("button", { name: /^Accept Mia's request for 3 weekly lessons from / });
  await expect(accept).toBeVisible();
  await accept.click();
  await confirmAcceptPrice(teacherPage);
  await expect(accept).toHaveCount(0);
  const lessons = (await (await parent.api.get("/api/lessons/mine")).json()) as { lessons: { status: string; startsAt: string; seriesId: string | null }[] };
  expect(lessons.lessons.map((lesson) => lesson.status)).toEqual(["accepted", "accepted", "accepted"]);
  expect(new Set(lessons.lessons.map((lesson) => lesson.seriesId)).size).toBe(1);
  // Same local time every week, never on the day off.
  const local = (instant: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "short", hourCycle: "h23" }).format(new Date(instant));
  const times = lessons.lessons.map((lesson) => local(lesson.startsAt));
  expect(new Set(times.map((time) => time.slice(-5))).size).toBe(1);
  expect(times.some((time) => time.startsWith(weekOff))).toBe(false);
  await teacherContext.close();
});
