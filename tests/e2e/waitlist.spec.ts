import { randomUUID } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { parentSignUpBody } from "../factories/sign-up";
import { bookLessons } from "./booked-lessons";
import { expect, signInThroughApi, test, type E2EAccount } from "./fixtures";
import { lastMailText } from "./outbox";

async function ok(response: APIResponse, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Issue 44: family B joins the teacher's waitlist for the weekday of family A's lesson; A cancels;
 * B is offered the time (email in the outbox, banner live on the dashboard), claims it with one
 * tap, and the teacher accepts the request. Screens at 1280 and 390 px.
 */
test("a cancelled lesson is offered to the family on the waitlist, who claims it; the teacher accepts", async ({ page, browser, baseURL, playwright, parent, teacher }) => {
  test.setTimeout(180_000);
  // Family A's lesson next month at 10:00 New York, accepted.
  const { date, bookingIds } = await bookLessons(parent, teacher, [{ time: "10:00", type: "full", accept: true }]);
  const { id: teacherId } = (await ok(await teacher.api.get("/api/teachers/me"), "teacher")) as { id: string };
  const weekday = DAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

  // Family B, its own account.
  const api = await playwright.request.newContext({ baseURL });
  const body = parentSignUpBody({
    parent: { firstName: "Bea", lastName: "Waiting", email: `waitlist-${randomUUID().slice(0, 8)}@e2e.test`, password: "a-good-e2e-password" },
    student: { firstName: "Leo", lastName: "Waiting", age: 9 },
  });
  await ok(await api.post("/api/accounts/parents", { data: body }), "family B sign-up");
  const familyB: E2EAccount = { role: "parent", email: body.parent.email, password: "a-good-e2e-password", firstName: "Bea", lastName: "Waiting", api };

  // B joins the waitlist from the teacher's profile: that weekday, 09:00-12:00 New York.
  await signInThroughApi(page, familyB);
  await page.goto(`/teacher/profile/${teacherId}`);
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
  await dialog.getByLabel("Student").selectOption({ label: "Leo Waiting" });
  await dialog.getByLabel("Window 1 day").selectOption({ label: `${weekday}s` });
  await dialog.getByLabel("Window 1 from").fill("09:00");
  await dialog.getByLabel("Window 1 to").fill("12:00");
  await dialog.getByLabel("Time zone of these times").selectOption("America/New_York");
  await page.screenshot({ path: "test-results/waitlist-form-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/waitlist-form-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(dialog).toBeHidden();

  // B waits on the dashboard; A cancels; the offer arrives live (the jobs runner offers it).
  await page.goto("/dashboard");
  await expect(page.locator("#waitlist").getByTestId("waitlist-entry")).toContainText(`${weekday}s 09:00-12:00`);
  await ok(await parent.api.post(`/api/lessons/${bookingIds[0]}/cancel`, { data: { scope: "one" } }), "family A cancels");
  const offer = page.getByTestId("waitlist-offer");
  await expect(offer).toBeVisible({ timeout: 45_000 });
  await expect(offer).toContainText("Full Lesson for Leo");
  await expect(offer.getByTestId("offer-countdown")).toHaveText(/^(2 h 0 min|1 h 59 min)$/);
  expect(await lastMailText(familyB.email, "waitlist-offer")).toContain("held for you until");
  await page.screenshot({ path: "test-results/waitlist-offer-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/waitlist-offer-390.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The teacher's waitlist shows B, with the time offered.
  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher/schedule?tab=waitlist");
  await expect(teacherPage.getByTestId("teacher-waitlist-entry")).toContainText("Leo");
  await expect(teacherPage.getByTestId("teacher-waitlist-entry")).toContainText("waiting for their answer");
  await teacherPage.screenshot({ path: "test-results/waitlist-teacher-1280.png", fullPage: true });
  await teacherPage.setViewportSize({ width: 390, height: 844 });
  await teacherPage.screenshot({ path: "test-results/waitlist-teacher-390.png", fullPage: true });

  // One tap: a normal request for that time; the teacher accepts it.
  await offer.getByRole("button", { name: "Claim this time" }).click();
  await expect(page.getByTestId("waitlist-offer-claimed")).toContainText("Request sent to Casey Keys");
  const { bookings } = (await ok(await teacher.api.get("/api/bookings/requests"), "requests")) as { bookings: { id: string; studentFirstName?: string }[] };
  expect(bookings).toHaveLength(1);
  await ok(await teacher.api.post(`/api/bookings/${bookings[0]!.id}/accept`, { data: {} }), "teacher accepts");
  const lessons = (await ok(await familyB.api.get("/api/lessons/mine"), "B's lessons")) as { lessons: { status: string }[] };
  expect(lessons.lessons.map((l) => l.status)).toEqual(["accepted"]);
  await teacherContext.close();
  await api.dispose();
});
