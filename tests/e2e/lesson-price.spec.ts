import { mkdirSync } from "node:fs";
import { bookLessons } from "./booked-lessons";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";
import { confirmAcceptPrice } from "./helpers";

/** Issue 28: the teacher agrees a price when accepting a full lesson; the family sees exactly it. */

test.use({ timezoneId: "America/New_York" });

const SHOTS = ".scratch/lesson-price";

test("the teacher accepts a full lesson at a typed price; the family sees that price on the lesson and in billing", async ({ page, browser, baseURL, parent, teacher }) => {
  mkdirSync(SHOTS, { recursive: true });
  const { year } = await bookLessons(parent, teacher, [{ time: "10:00", type: "full", accept: false }]);

  const teacherContext = await browser.newContext({ baseURL, timezoneId: "America/New_York" });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  await teacherPage.getByRole("button", { name: /^Accept Mia's request/ }).click();
  const dialog = teacherPage.getByRole("dialog", { name: "Accept Mia's request" });
  const price = dialog.getByLabel("Price per lesson");
  // Prefilled with the low end of the teacher's $60-90 range.
  await expect(price).toHaveValue("60.00");
  // A price the shared schema refuses is stopped in the form with its message.
  await price.fill("1500");
  await dialog.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(dialog.getByText("Price must be an amount from $0 to $1,000")).toBeVisible();
  await price.fill("72.50");
  for (const width of [1280, 390]) {
    await teacherPage.setViewportSize({ width, height: 800 });
    await teacherPage.screenshot({ path: `${SHOTS}/accept-dialog-${width}.png` });
  }
  await confirmAcceptPrice(teacherPage);
  await expect(teacherPage.getByText("No pending requests.")).toBeVisible();
  await teacherContext.close();

  // The family: the price on the accepted request and on the lesson.
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  const lesson = page.getByTestId("lesson-row").filter({ hasText: "Booked" }).first();
  await expect(lesson.getByTestId("lesson-price")).toHaveText("Price: $72.50 USD per lesson");
  await expect(page.locator("#lesson-requests").getByTestId("lesson-price")).toHaveText("Price: $72.50 USD per lesson");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/family-lesson-${width}.png`, fullPage: true });
  }
  // Billing counts it at that price, not at the listed range.
  await page.goto(`/billing?year=${year}`);
  await expect(page.getByTestId("total-upcoming-value")).toHaveText("$72.50 USD");
  await expect(page.getByTestId("total-all-value")).toHaveText("$72.50 USD");
});

test("the teacher sets the late cancellation charge and payment instructions in Settings; a late cancel tells the family the charge", async ({ page, browser, baseURL, parent, teacher }) => {
  mkdirSync(SHOTS, { recursive: true });
  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher/settings");
  const billing = teacherPage.getByRole("region", { name: "Billing" });
  await billing.getByLabel("Late cancellation charge").selectOption({ label: "Half the lesson's price" });
  await billing.getByLabel("Payment instructions").fill("Zelle to casey@example.test, or cash at the lesson.");
  await billing.getByRole("button", { name: "Save Billing Settings" }).click();
  await expect(billing.getByText("Billing settings saved.")).toBeVisible();
  for (const width of [1280, 390]) {
    await teacherPage.setViewportSize({ width, height: 900 });
    await billing.screenshot({ path: `${SHOTS}/settings-billing-${width}.png` });
  }
  expect(await (await teacher.api.get("/api/teachers/me/billing-settings")).json()).toEqual({
    lateCancelCharge: "half",
    paymentInstructions: "Zelle to casey@example.test, or cash at the lesson.",
  });
  await teacherContext.close();

  // A full lesson inside the notice window (a week's notice asked), accepted at the suggested $60.00.
  expect((await teacher.api.put("/api/teachers/me/lesson-settings", { data: { noticeHours: 168, bufferMinutes: 0, leadHours: 12 } })).status()).toBe(200);
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const [student] = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  const months = [0, 1].map((offset) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  });
  let soon: string | undefined;
  for (const month of months) {
    const slots = (await (await parent.api.get(`/api/teachers/${teacherId}/slots?month=${month}&timeZone=America%2FNew_York&type=full`)).json()) as {
      days: Record<string, { startsAt: string }[]>;
    };
    soon ??= Object.values(slots.days).flat().find((slot) => Date.parse(slot.startsAt) < Date.now() + 160 * 3_600_000)?.startsAt;
  }
  test.skip(soon === undefined, "the teacher has no open time inside the notice window now");
  const booked = await parent.api.post("/api/bookings", { data: { teacherId, studentId: student!.id, bookingType: "full", format: "in_person", startTimes: [soon] } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookings } = (await booked.json()) as { bookings: { id: string }[] };
  expect((await teacher.api.post(`/api/bookings/${bookings[0]!.id}/accept`)).status()).toBe(200);
  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  await page.getByTestId("lesson-row").filter({ hasText: "Booked" }).first().getByRole("button", { name: /^Cancel/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("This late cancellation will be charged $30.00 USD under your teacher's policy.");
  await dialog.screenshot({ path: `${SHOTS}/cancel-charge-1280.png` });
  await dialog.getByRole("button", { name: "Cancel Lesson" }).click();
  // The lesson says what was charged, as the server stored it.
  const cancelled = page.getByTestId("lesson-row").filter({ hasText: "Late cancellation charged" });
  await expect(cancelled).toContainText("Late cancellation charged: $30.00 USD");
  const lessons = (await (await parent.api.get("/api/lessons/mine")).json()) as { lessons: { id: string; cancelChargeCents: number | null }[] };
  expect(lessons.lessons.find((lesson) => lesson.id === bookings[0]!.id)?.cancelChargeCents).toBe(3000);
});
