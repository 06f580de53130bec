import type { APIResponse } from "@playwright/test";
import { bookLessons } from "./booked-lessons";
import { expect, signInThroughApi, test } from "./fixtures";

async function ok(response: APIResponse, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const newYorkClock = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));
const newYorkDate = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));

/**
 * Issue 26: a make-up credit spent on a request comes back when the teacher declines it. The
 * teacher tells the make-up request from a normal one; the parent sees the credit available again,
 * with its history.
 */
test("a make-up request declined gives the credit back, visible in the parent's credits", async ({ page, browser, baseURL, parent, teacher }) => {
  test.setTimeout(120_000);
  // A lesson next month at 10:00 New York, accepted, then cancelled by the teacher: Mia gets a credit.
  const { date, bookingIds } = await bookLessons(parent, teacher, [{ time: "10:00", type: "full", accept: true }]);
  const cancelled = (await ok(await teacher.api.post(`/api/lessons/${bookingIds[0]}/cancel`, { data: { scope: "one" } }), "teacher cancels")) as {
    lessons: { startsAt: string }[];
    creditsIssued: number;
  };
  expect(cancelled.creditsIssued).toBe(1);
  const creditLesson = cancelled.lessons[0]!.startsAt;

  // The parent asks for a make-up lesson at 13:00 the same day with the credit.
  const { id: teacherId } = (await ok(await teacher.api.get("/api/teachers/me"), "teacher")) as { id: string };
  const students = (await ok(await parent.api.get("/api/students"), "students")) as unknown as { id: string }[];
  const slots = (await ok(await parent.api.get(`/api/teachers/${teacherId}/slots?month=${date.slice(0, 7)}&timeZone=America%2FNew_York&type=full`), "slots")) as {
    days: Record<string, { startsAt: string }[]>;
  };
  const makeUpStart = slots.days[date]!.find((s) => newYorkClock(s.startsAt) === "13:00")!.startsAt;
  await ok(
    await parent.api.post("/api/bookings", { data: { teacherId, studentId: students[0]!.id, bookingType: "full", format: "in_person", startTimes: [makeUpStart], useMakeUpCredit: true } }),
    "make-up request",
  );

  // The parent's credits say it is in use.
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  const credits = page.locator("#make-up-credits");
  await expect(credits.getByTestId("credits-available")).toHaveText("0");
  await expect(credits.getByText("Used", { exact: true })).toBeVisible();

  // The teacher sees it is a make-up lesson, for the credit of the cancelled lesson, and declines.
  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  const request = teacherPage.getByRole("listitem").filter({ has: teacherPage.getByTestId("make-up-request") });
  await expect(request.getByTestId("make-up-request")).toHaveText(`Make-up lesson (credit from ${newYorkDate(creditLesson)})`);
  await teacherPage.setViewportSize({ width: 390, height: 844 });
  await expect(request.getByTestId("make-up-request")).toBeVisible();
  await teacherPage.setViewportSize({ width: 1280, height: 800 });
  await request.getByRole("button", { name: /^Decline Mia's request/ }).click();
  await teacherPage.getByRole("dialog", { name: "Decline Request" }).getByRole("button", { name: "Decline Request" }).click();
  await expect(teacherPage.getByTestId("make-up-request")).toHaveCount(0);
  await teacherContext.close();

  // The credit is back: available again, its history naming each step.
  await page.reload();
  await expect(credits.getByTestId("credits-available")).toHaveText("1");
  await expect(credits.getByText("Available", { exact: true })).toBeVisible();
  const history = credits.getByRole("list", { name: "Credit history" });
  await expect(history.getByRole("listitem")).toHaveText([
    /Issued for the lesson of/,
    new RegExp(`Used to ask for a make-up lesson on ${newYorkDate(makeUpStart)}`),
    /Given back: the teacher declined the request/,
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(history).toBeVisible();
  await page.screenshot({ path: "test-results/make-up-credit-returned-390.png", fullPage: true });
});
