import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, makeDiscoverable, signInThroughApi, test, type E2EAccount } from "./fixtures";

const SHOTS = process.env.CALENDAR_SCREENSHOTS ?? "test-results/calendar-screens";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** A browser context on the person's own clock, signed in as them. */
async function pageIn(browser: Browser, account: E2EAccount, timezoneId: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ timezoneId, viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  await signInThroughApi(page, account);
  return page;
}

function nextMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

/** The parent books a full lesson at 10:00 New York time next month; the teacher accepts it. */
async function acceptedTenOClockLesson(parent: E2EAccount, teacher: E2EAccount) {
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const slots = (await (
    await parent.api.get(`/api/teachers/${teacherId}/slots?month=${nextMonth()}&timeZone=America%2FNew_York&type=full`)
  ).json()) as { days: Record<string, { startsAt: string }[]> };
  const tenOClock = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso)) === "10:00";
  const [newYorkDate, daySlots] = Object.entries(slots.days).find(([, list]) => list.some((s) => tenOClock(s.startsAt)))!;
  const startsAt = daySlots.find((s) => tenOClock(s.startsAt))!.startsAt;
  const students = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  const booked = await parent.api.post("/api/bookings", {
    data: { teacherId, studentId: students[0]!.id, bookingType: "full", format: "in_person", startTimes: [startsAt] },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookings } = (await booked.json()) as { bookings: { id: string }[] };
  expect((await teacher.api.post(`/api/bookings/${bookings[0]!.id}/accept`)).status()).toBe(200);
  // 10:00 in New York is 07:00 in Los Angeles, the same date.
  return { date: newYorkDate, startsAt };
}

/** The teacher's calendar names the student; the family's names the teacher, then the child. */
const TEACHER_TITLE = "Lesson with Mia";
const PARENT_TITLE = "Lesson with Casey Keys \\(Mia\\)";

async function lessonIn(page: Page, path: string, time: string, title = path.startsWith("/parent/") ? PARENT_TITLE : TEACHER_TITLE) {
  await page.goto(path);
  // Named by what it shows (issue 41: label-content-name-mismatch), ending with its span.
  const lesson = page.getByRole("button", { name: new RegExp(`${title}.*, ${time} –`) });
  await expect(lesson).toBeVisible();
  await expect(lesson).toHaveAccessibleName(new RegExp(`^Lesson.*${title}.*, ${time} – `));
  return lesson;
}

test("the accepted lesson shows at 10:00 for the New York teacher and 7:00 for the Los Angeles parent in every view", async ({
  browser,
  parent,
  teacher,
}) => {
  // Six calendar pages, two phones and five axe runs: longer than one page's journey.
  test.setTimeout(240_000);
  const { date } = await acceptedTenOClockLesson(parent, teacher);
  const teacherPage = await pageIn(browser, teacher, "America/New_York");
  const parentPage = await pageIn(browser, parent, "America/Los_Angeles");

  for (const view of ["month", "week", "day"] as const) {
    await lessonIn(teacherPage, `/teacher/calendar?view=${view}&date=${date}`, "10:00 AM");
    await expect(teacherPage.getByText("Times shown in Eastern")).toBeVisible();
    await teacherPage.screenshot({ path: `${SHOTS}/teacher-${view}-1280.png`, fullPage: view !== "month" ? false : true });
    await lessonIn(parentPage, `/parent/calendar?view=${view}&date=${date}`, "7:00 AM");
    await expect(parentPage.getByText("Times shown in Pacific")).toBeVisible();
    await parentPage.screenshot({ path: `${SHOTS}/parent-${view}-1280.png` });
    await expectNoSeriousViolations(parentPage);
  }

  // The popover names it a lesson, offers the .ics download, and no delete.
  const lesson = await lessonIn(parentPage, `/parent/calendar?view=day&date=${date}`, "7:00 AM");
  await lesson.click();
  const popover = parentPage.getByRole("dialog");
  await expect(popover.getByRole("link", { name: /Add to my calendar/ })).toBeVisible();
  // Where it is moved or cancelled: the family's dashboard lists it with those actions (issue 41).
  await expect(popover.getByRole("link", { name: "the lesson on your dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(popover.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expectNoSeriousViolations(parentPage);
  await parentPage.keyboard.press("Escape");

  // The teacher's schedule: Month and Week tabs show the lesson too.
  await teacherPage.goto(`/teacher/schedule?tab=week&date=${date}`);
  await expect(teacherPage.getByRole("tab", { name: "Week" })).toHaveAttribute("aria-selected", "true");
  await expect(teacherPage.getByRole("button", { name: /Lesson with Mia.*10:00 AM/ })).toBeVisible();
  await teacherPage.screenshot({ path: `${SHOTS}/schedule-week-1280.png` });
  await expectNoSeriousViolations(teacherPage);

  // On a phone the week and day views stay usable.
  const phone = await pageIn(browser, parent, "America/Los_Angeles", 390);
  for (const view of ["month", "week", "day"] as const) {
    await lessonIn(phone, `/parent/calendar?view=${view}&date=${date}`, "7:00 AM");
    await phone.screenshot({ path: `${SHOTS}/parent-${view}-390.png` });
  }
  await expectNoSeriousViolations(phone);
  const teacherPhone = await pageIn(browser, teacher, "America/New_York", 390);
  await teacherPhone.goto(`/teacher/schedule?tab=month&date=${date}`);
  await expect(teacherPhone.getByRole("button", { name: /Lesson with Mia.*10:00 AM/ })).toBeVisible();
  await teacherPhone.screenshot({ path: `${SHOTS}/schedule-month-390.png` });
  await expectNoSeriousViolations(teacherPhone);
});

test("a parent creates, edits and deletes a practice event for their student", async ({ browser, parent }) => {
  const page = await pageIn(browser, parent, "America/Los_Angeles");
  await page.goto("/parent/calendar?view=week&date=2026-12-09");
  await page.getByRole("button", { name: "Add Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Event" });
  await dialog.getByLabel("Title").fill("Scales");
  await dialog.getByLabel("Date").fill("2026-12-09");
  await dialog.getByLabel("Start Time").fill("16:00");
  await dialog.getByLabel("End Time").fill("15:00");
  await dialog.getByLabel("Event Type").selectOption("practice");
  await dialog.getByLabel("Student").selectOption({ label: "Mia Rivera" });
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog.getByText("End time must be after the start time")).toBeVisible();
  await dialog.getByLabel("End Time").fill("16:30");
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Event Created!")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });

  const event = page.getByRole("button", { name: /Scales.*4:00 PM – 4:30 PM/ });
  await expect(event).toBeVisible();
  await event.click();
  await expect(page.getByRole("dialog")).toContainText("Student: Mia Rivera");
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Event" });
  await expect(edit.getByLabel("Title")).toHaveValue("Scales");
  await edit.getByLabel("Title").fill("Arpeggios");
  await edit.getByLabel("End Time").fill("17:00");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Event Updated!")).toBeVisible();
  const edited = page.getByRole("button", { name: /Arpeggios.*4:00 PM – 5:00 PM/ });
  await expect(edited).toBeVisible({ timeout: 5000 });

  await edited.click();
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Event?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(edited).toBeVisible();
  await edited.click();
  await page.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete Event" }).click();
  await expect(edited).toBeHidden();
});

test("a teacher adds and deletes an event from the schedule page", async ({ browser, teacher }) => {
  const page = await pageIn(browser, teacher, "America/New_York");
  await page.goto("/teacher/schedule?tab=month&date=2026-12-09");
  await expect(page.getByRole("tab", { name: "Month" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Add Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Event" });
  await dialog.getByLabel("Title").fill("Recital prep");
  await dialog.getByLabel("Date").fill("2026-12-09");
  await dialog.getByLabel("Start Time").fill("18:00");
  await dialog.getByLabel("End Time").fill("19:00");
  await dialog.getByLabel("Event Type").selectOption("custom");
  await expect(dialog.getByLabel("Student")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Event Created!")).toBeVisible();
  const event = page.getByRole("button", { name: /Recital prep.*6:00 PM – 7:00 PM/ });
  await expect(event).toBeVisible({ timeout: 5000 });
  await page.screenshot({ path: `${SHOTS}/schedule-month-1280.png` });
  await expectNoSeriousViolations(page);

  await event.click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete Event?" }).getByRole("button", { name: "Delete Event" }).click();
  await expect(event).toBeHidden();
});
