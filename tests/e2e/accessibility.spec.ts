import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { bookLessons } from "./booked-lessons";
import { test as accountTest, expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";

// axe's experimental label-content-name-mismatch (a control whose accessible name does not contain
// its visible text: a voice user saying what they see misses it) is on as well: it found the calendar's.
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`), page.url()).toEqual([]);
}

// Every public page of the route table, plus the Sign In modal.
for (const path of ["/", "/find-teachers", "/teacher/profile/00000000-0000-0000-0000-000000000000", "/unauthorized", "/signup/parent", "/no-such-page"]) {
  test(`axe: ${path} has no serious or critical violations @phone`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test("axe: a real teacher profile (the demo teacher's) has no serious or critical violations @phone", async ({ page, request }) => {
  // The demo teacher's id is made at seed time: find it the way a visitor does, through search.
  const search = (await (await request.get("/api/search/teachers?instrument=piano&location=New+York%2C+NY")).json()) as {
    teachers: { teacherId: string; fullName: string }[];
  };
  const taylor = search.teachers.find((teacher) => teacher.fullName === "Taylor Morgan");
  expect(taylor, "the demo teacher is listed").toBeTruthy();
  await page.goto(`/teacher/profile/${taylor!.teacherId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Taylor Morgan" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Reviews" })).toContainText(/No reviews yet|Rated/);
  await expectNoSeriousViolations(page);
});

test("axe: the Sign In modal has no serious or critical violations", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

// Signed-in pages of the classes feature, with real data (a class the parent has joined).
accountTest("axe: Manage Classes and every class tab, as teacher and as parent, have no serious or critical violations @phone", async ({
  page,
  browser,
  parent,
  teacher,
}) => {
  // Ten pages, each analysed by axe: 29 s on a quiet phone run, over a minute with CI's other work beside it.
  accountTest.setTimeout(150_000);
  const created = (await (await teacher.api.post("/api/classes", { data: { name: "Axe Piano", format: "xp" } })).json()) as {
    id: string;
    joinCode: string;
  };
  const [student] = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  expect((await parent.api.post("/api/classes/join", { data: { code: created.joinCode, studentId: student!.id } })).ok()).toBe(true);
  await teacher.api.post(`/api/classes/${created.id}/grades`, { data: { title: "Scales", score: 91, category: "Technique" } });

  await signInThroughApi(page, teacher);
  const parentContext = await browser.newContext({ viewport: page.viewportSize() });
  const parentPage = await parentContext.newPage();
  await signInThroughApi(parentPage, parent);

  for (const [who, path] of [
    [page, "/teacher/manage"],
    [parentPage, "/manage"],
  ] as const) {
    await who.goto(path);
    await expect(who.getByRole("link", { name: "Axe Piano" })).toBeVisible();
    await expectNoSeriousViolations(who);
  }
  for (const who of [page, parentPage]) {
    for (const tab of ["home", "grades", "files", "messages"]) {
      await who.goto(`/class/${created.id}?tab=${tab}`);
      await expect(who.getByRole("heading", { level: 1, name: "Axe Piano" })).toBeVisible();
      await expect(who.getByRole("tabpanel")).toBeVisible();
      await expectNoSeriousViolations(who);
    }
  }
  await parentContext.close();
});

// The teacher's students, earnings and the parent's billing, with real lessons (issue 14).
accountTest("axe: My Students, Earnings and Billing have no serious or critical violations @phone", async ({ page, browser, parent, teacher }) => {
  const created = (await (await teacher.api.post("/api/classes", { data: { name: "Axe Reports", format: "xp" } })).json()) as { joinCode: string };
  const [student] = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  expect((await parent.api.post("/api/classes/join", { data: { code: created.joinCode, studentId: student!.id } })).ok()).toBe(true);
  const { year } = await bookLessons(parent, teacher, [
    { time: "10:00", type: "full", accept: true },
    { time: "14:00", type: "intro", accept: true },
  ]);
  await signInThroughApi(page, teacher);
  await page.goto("/teacher/students");
  await expect(page.getByRole("article", { name: /Mia Rivera/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto(`/teacher/earnings?year=${year}`);
  await expect(page.getByTestId("total-upcoming-count").first()).toHaveText("2 lessons");
  await page.locator("summary").first().click();
  await expectNoSeriousViolations(page);

  const parentContext = await browser.newContext({ viewport: page.viewportSize() });
  const parentPage = await parentContext.newPage();
  await signInThroughApi(parentPage, parent);
  await parentPage.goto(`/billing?year=${year}`);
  await expect(parentPage.getByTestId("total-upcoming-count").first()).toHaveText("2 lessons");
  await parentPage.locator("summary").first().click();
  await expectNoSeriousViolations(parentPage);
  await parentContext.close();
});

// Messages: the inbox and an open conversation, as the parent and as the teacher.
accountTest("axe: /messages, the inbox and an open conversation, has no serious or critical violations @phone", async ({
  page,
  browser,
  parent,
  teacher,
}) => {
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const conversation = (await (await parent.api.post("/api/messages/conversations", { data: { teacherId } })).json()) as { id: string };
  const sent = await parent.api.post(`/api/messages/conversations/${conversation.id}/messages`, { data: { text: "Hello! Is Tuesday good?" } });
  expect(sent.status()).toBe(201);
  await teacher.api.post(`/api/messages/conversations/${conversation.id}/messages`, { data: { text: "Tuesday works." } });

  await signInThroughApi(page, parent);
  const teacherContext = await browser.newContext({ viewport: page.viewportSize() });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  for (const who of [page, teacherPage]) {
    await who.goto("/messages");
    await expect(who.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(who.getByRole("region", { name: "Conversations" }).getByRole("link")).toHaveCount(1);
    await expectNoSeriousViolations(who);
    await who.goto(`/messages/${conversation.id}`);
    await expect(who.getByRole("log", { name: "Messages" })).toContainText("Tuesday works.");
    await expectNoSeriousViolations(who);
  }
  // The Messages drawer, opened from the teacher's profile.
  await page.goto(`/teacher/profile/${teacherId}`);
  await page.getByRole("button", { name: "Message Casey" }).click();
  await expect(page.getByRole("dialog", { name: "Message Casey" }).getByRole("log", { name: "Messages" })).toContainText("Tuesday works.");
  await expectNoSeriousViolations(page);
  await teacherContext.close();
});

// Issue 41: every signed-in page of a parent and of a teacher, with real data (lessons booked,
// a class joined, an invoice sent), at both widths; the calendar in each of its views on the lessons' day.
accountTest("axe: every signed-in page of a parent and a teacher has no serious or critical violations @phone", async ({ page, browser, parent, teacher }) => {
  // Twenty pages, each read whole by axe.
  accountTest.setTimeout(240_000);
  const created = (await (await teacher.api.post("/api/classes", { data: { name: "Axe Everything", format: "xp" } })).json()) as { joinCode: string };
  const [student] = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  expect((await parent.api.post("/api/classes/join", { data: { code: created.joinCode, studentId: student!.id } })).ok()).toBe(true);
  const { date } = await bookLessons(parent, teacher, [
    { time: "10:00", type: "full", accept: true },
    { time: "14:00", type: "intro", accept: true },
    { time: "16:00", type: "full", accept: false },
  ]);
  const calendars = (base: string) => ["month", "week", "day"].map((view) => `${base}?view=${view}&date=${date}`);

  await signInThroughApi(page, parent);
  for (const path of ["/dashboard", "/parent/student-profiles", `/parent/student/${student!.id}`, ...calendars("/parent/calendar"), "/manage", "/settings", "/billing"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousViolations(page);
  }

  const teacherContext = await browser.newContext({ viewport: page.viewportSize() });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  for (const path of [
    "/teacher-landing",
    "/teacher/schedule",
    ...calendars("/teacher/calendar"),
    "/teacher/manage",
    "/teacher/settings",
    "/teacher/earnings",
    "/teacher/students",
    "/teacher/invoices",
    "/teacher/invoices/new",
  ]) {
    await teacherPage.goto(path);
    await expect(teacherPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(teacherPage.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousViolations(teacherPage);
  }
  await teacherContext.close();
});
