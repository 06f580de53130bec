import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { bookLessons } from "./booked-lessons";
import { expect, signInThroughApi, test, type E2EAccount } from "./fixtures";

const SHOTS = process.env.REPORTS_SCREENSHOTS ?? "test-results/reports-screens";

async function pageFor(browser: Browser, account: E2EAccount, width: number): Promise<Page> {
  const context = await browser.newContext({ timezoneId: "America/New_York", viewport: { width, height: width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  await signInThroughApi(page, account);
  return page;
}

/** Clicks Download CSV and returns the file's name and its lines (BOM and final CRLF removed). */
async function downloadCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  const text = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  return { name: download.suggestedFilename(), lines: text.split("\r\n").slice(0, -1) };
}

async function expectTotals(page: Page, upcoming: { value: string; count: string }) {
  const totals = page.getByRole("list", { name: /^Totals for / });
  await expect(totals.getByTestId("total-upcoming-value")).toHaveText(upcoming.value);
  await expect(totals.getByTestId("total-upcoming-count")).toHaveText(upcoming.count);
  await expect(totals.getByTestId("total-attended-value")).toHaveText("$0.00 USD");
  await expect(totals.getByTestId("total-attended-count")).toHaveText("0 lessons");
  await expect(totals.getByTestId("total-cancelled-count")).toHaveText("0 lessons");
}

test("a teacher's accepted lessons show on My Students, Earnings and the parent's Billing, with CSV downloads @phone", async ({
  browser,
  parent,
  teacher,
}, testInfo) => {
  test.setTimeout(180_000);
  const width = testInfo.project.name === "phone" ? 390 : 1280;
  // A class the parent's Mia joins, two full lessons and a free intro call accepted, one request left pending.
  const created = (await (await teacher.api.post("/api/classes", { data: { name: "Report Piano", format: "xp" } })).json()) as { id: string; joinCode: string };
  const [mia] = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  expect((await parent.api.post("/api/classes/join", { data: { code: created.joinCode, studentId: mia!.id } })).ok()).toBe(true);
  const { date, year } = await bookLessons(parent, teacher, [
    { time: "10:00", type: "full", accept: true },
    { time: "11:00", type: "full", accept: true },
    { time: "14:00", type: "intro", accept: true },
    { time: "15:00", type: "full", accept: false },
  ]);
  const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

  const teacherPage = await pageFor(browser, teacher, width);
  // My Students: Mia with her family, the next lesson at 10:00, three upcoming, none attended, and the class.
  await teacherPage.goto("/teacher/students");
  const card = teacherPage.getByRole("article", { name: /Mia Rivera/ });
  await expect(card).toContainText("Jordan Rivera");
  // The family is written to in the app (Message {parent}), the email shown as text.
  await expect(card).toContainText(parent.email);
  await expect(card.getByRole("button", { name: "Message Jordan Rivera" })).toBeVisible();
  await expect(card).toContainText(/Next lesson.*at 10:00 AM E[SD]T.*\(Full Lesson\)/);
  await expect(card).toContainText("Upcoming3 lessons");
  await expect(card).toContainText("Attended0 lessons");
  await expect(card).toContainText("Make-up creditsNone");
  await teacherPage.screenshot({ path: `${SHOTS}/teacher-students-${width}.png`, fullPage: true });
  await card.getByRole("link", { name: "Report Piano" }).click();
  await expect(teacherPage).toHaveURL(`/class/${created.id}`);

  // Earnings: 2 full lessons accepted at the suggested $60.00 (the low end of $60-90) and a free intro call; the pending request is not counted.
  await teacherPage.goto(`/teacher/earnings?year=${year}`);
  await expect(teacherPage.getByText("Payments are not taken in the app.", { exact: false })).toBeVisible();
  await expectTotals(teacherPage, { value: "$120.00 USD", count: "3 lessons" });
  if (width >= 640) {
    const row = teacherPage.getByRole("row", { name: new RegExp(`^${month}`) });
    await expect(row.getByRole("cell").nth(3)).toHaveText("3$120.00 USD");
    await expect(teacherPage.getByRole("row", { name: new RegExp(`^Total ${year}`) }).getByRole("cell").nth(3)).toHaveText("3$120.00 USD");
  } else {
    // A phone shows a card per month instead of the table.
    await expect(teacherPage.getByRole("article", { name: month })).toContainText("Upcoming3$120.00 USD");
    await expect(teacherPage.getByRole("article", { name: `Total ${year}` })).toContainText("Upcoming3$120.00 USD");
  }
  await teacherPage.screenshot({ path: `${SHOTS}/teacher-earnings-${width}.png`, fullPage: true });
  const earningsCsv = await downloadCsv(teacherPage);
  expect(earningsCsv.name).toBe(`earnings-${year}.csv`);
  expect(earningsCsv.lines).toHaveLength(4);
  expect(earningsCsv.lines[1]).toBe(`${date.slice(0, 7)},${date},10:00,America/New_York,Mia Rivera,Jordan Rivera,Full Lesson,60,Upcoming,,,60.00,no,60.00`);
  expect(earningsCsv.lines[3]).toBe(`${date.slice(0, 7)},${date},14:00,America/New_York,Mia Rivera,Jordan Rivera,Intro Call,15,Upcoming,,,0.00,no,0.00`);

  // Billing: the same lessons for the parent, naming the teacher, at the same prices.
  const parentPage = await pageFor(browser, parent, width);
  await parentPage.goto(`/billing?year=${year}`);
  await expect(parentPage.getByText("Payments are not taken in the app.", { exact: false })).toBeVisible();
  await expectTotals(parentPage, { value: "$120.00 USD", count: "3 lessons" });
  await parentPage.locator("summary", { hasText: month }).click();
  await expect(parentPage.getByRole("listitem").filter({ hasText: "Intro Call with Mia Rivera · Casey Keys" })).toContainText("Upcoming · $0.00 USD");
  await parentPage.evaluate(() => window.scrollTo(0, 0));
  await parentPage.screenshot({ path: `${SHOTS}/billing-${width}.png`, fullPage: true });
  const billingCsv = await downloadCsv(parentPage);
  expect(billingCsv.name).toBe(`billing-${year}.csv`);
  expect(billingCsv.lines[0]).toContain(",Student,Teacher,");
  expect(billingCsv.lines[2]).toBe(`${date.slice(0, 7)},${date},11:00,America/New_York,Mia Rivera,Casey Keys,Full Lesson,60,Upcoming,,,60.00,no,60.00`);

  // Each screen belongs to its role.
  await parentPage.goto("/teacher/earnings");
  await expect(parentPage).toHaveURL(/\/unauthorized$/);
  await teacherPage.goto("/billing");
  await expect(teacherPage).toHaveURL(/\/unauthorized$/);
  await teacherPage.context().close();
  await parentPage.context().close();
});

test("a new teacher sees empty My Students and Earnings, a new parent an empty Billing", async ({ page, browser, parent, teacher }) => {
  await signInThroughApi(page, teacher);
  await page.goto("/teacher/students");
  await expect(page.getByText("No students yet.")).toBeVisible();
  await page.goto("/teacher/earnings");
  await expect(page.getByText(/^No lessons in \d{4}\./)).toBeVisible();
  await expect(page.getByTestId("total-upcoming-value")).toHaveText("$0.00 USD");
  await expect(page.getByTestId("total-all-value")).toHaveText("$0.00 USD");
  const parentPage = await pageFor(browser, parent, 1280);
  await parentPage.goto("/billing");
  await expect(parentPage.getByText(/^No lessons in \d{4}\./)).toBeVisible();
  await expect(parentPage.getByTestId("total-all-value")).toHaveText("$0.00 USD");
  await parentPage.context().close();
});
