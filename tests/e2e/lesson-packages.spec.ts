import type { Page } from "@playwright/test";
import { expect, signInThroughApi, test } from "./fixtures";
import { expectAxeClean, lessonStartingSoon, ok, shootAtBothWidths } from "./soon-lessons";

const shoot = (page: Page, name: string) => shootAtBothWidths(page, `balance-${name}`);

/**
 * Issue 40: a family prepays. The teacher sells a package of 4 lessons for $200.00 and records $25.00
 * received on account; one lesson is attended and one is cancelled late by the family (charged under
 * the teacher's policy), so the package has 2 lessons left, on both sides, and nothing is invoiced.
 */
test("a teacher sells a package of 4 lessons; an attended lesson and a charged late cancellation use two; the family sees 2 left and its credit", async ({ page, browser, baseURL, parent, teacher }) => {
  test.setTimeout(300_000);
  const { startsAt, zone, bookingId, laterIds } = await lessonStartingSoon(parent, teacher, [60]);
  const [laterId] = laterIds;
  for (const id of [bookingId, laterId!]) await ok(await teacher.api.post(`/api/bookings/${id}/accept`, { data: { priceCents: 6000 } }), "accept");
  await ok(await teacher.api.put("/api/teachers/me/billing-settings", { data: { lateCancelCharge: "full", paymentInstructions: "" } }), "policy");
  const families = async () => (await ok(await teacher.api.get("/api/invoices/families"), "families")) as unknown as { parentId: string; familyName: string; uninvoicedCount: number }[];
  const { parentId } = (await families())[0]!;

  const teacherContext = await browser.newContext({ baseURL, timezoneId: zone, viewport: { width: 1280, height: 800 } });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher/invoices");
  await teacherPage.getByLabel("Family").selectOption({ label: "Jordan Rivera" });
  const balance = teacherPage.locator("section[aria-labelledby='family-balance-heading']");
  await expect(balance.getByRole("heading", { name: "Balance with Jordan Rivera" })).toBeVisible();
  await expect(balance.getByText("No payments on account, credit or packages yet.")).toBeVisible();

  // The package: 4 lessons for $200, paid by bank transfer today.
  await balance.getByRole("button", { name: "Sell lesson package" }).click();
  const sell = teacherPage.getByRole("dialog", { name: "Sell a lesson package" });
  await sell.getByLabel("Lessons").fill("4");
  await sell.getByLabel("Price for all of them ($)").fill("200");
  await expectAxeClean(teacherPage, "[role=dialog]");
  await teacherPage.screenshot({ path: ".scratch/balance-sell-dialog-1280.png" });
  await sell.getByRole("button", { name: "Record package" }).click();
  await expect(sell).toBeHidden();
  await expect(balance.getByTestId("lesson-package")).toContainText("4 lessons for $200.00 USD");
  await expect(balance.getByTestId("package-lessons-left")).toHaveText("4 lessons left");

  // $25.00 received before any invoice: credit on account.
  await balance.getByRole("button", { name: "Record payment on account" }).click();
  const account = teacherPage.getByRole("dialog", { name: "Record payment on account" });
  await account.getByLabel("Amount ($)").fill("25");
  await account.getByLabel("Method").selectOption({ label: "Cash" });
  await account.getByRole("button", { name: "Record payment" }).click();
  await expect(account).toBeHidden();
  await expect(balance.getByTestId("balance-credit")).toHaveText("$25.00 USD");

  // The family cancels the later lesson within the notice window: charged, so it uses a package lesson.
  await ok(await parent.api.post(`/api/lessons/${laterId}/cancel`, { data: { scope: "one", reason: "Sick" } }), "late cancel");
  await expect(balance.getByTestId("package-lessons-left")).toHaveText("3 lessons left");

  // Once the first lesson has started, the teacher records it attended: a second package lesson.
  await expect.poll(() => Date.now(), { timeout: 200_000, intervals: [5_000] }).toBeGreaterThan(startsAt.getTime() + 1_000);
  await teacherPage.goto("/teacher-landing");
  await teacherPage.locator("section[aria-labelledby='lessons-heading']").getByRole("button", { name: "Record Attendance" }).first().click();
  const attendance = teacherPage.getByRole("dialog", { name: "Record Attendance" });
  await attendance.getByRole("radio", { name: "Attended" }).check();
  await attendance.getByRole("button", { name: "Save" }).click();
  await expect(attendance).toBeHidden();
  await teacherPage.getByRole("dialog", { name: "Assign homework" }).getByRole("button", { name: "Not now" }).click();

  await teacherPage.goto(`/teacher/invoices?parentId=${parentId}`);
  await expect(balance.getByTestId("package-lessons-left")).toHaveText("2 lessons left");
  await expect(balance.getByTestId("balance-history")).toContainText("Package lesson 2 of 4 used: Full Lesson");
  await expect(balance.getByTestId("balance-history")).toContainText("Package lesson 1 of 4 used: late cancellation, Full Lesson");
  await shoot(teacherPage, "teacher");

  // Nothing to invoice: both lessons were paid by the package.
  expect((await families()).find((family) => family.parentId === parentId)?.uninvoicedCount).toBe(0);

  // The family's billing page says the same, in its own words.
  await signInThroughApi(page, parent);
  await page.goto("/billing");
  const mine = page.getByTestId("family-balance");
  await expect(mine.getByRole("heading", { name: `With ${teacher.firstName} ${teacher.lastName}` })).toBeVisible();
  await expect(mine.getByTestId("package-lessons-left")).toHaveText("2 lessons left");
  await expect(mine.getByRole("meter", { name: "Lessons used" })).toHaveAttribute("aria-valuetext", "2 of 4 lessons used");
  await expect(mine.getByTestId("balance-credit")).toHaveText("$25.00 USD");
  await expect(mine.getByTestId("balance-history")).toContainText("Lesson package paid: 4 lessons for $200.00 USD (Bank transfer)");
  await expect(mine.getByTestId("balance-history")).toContainText("Payment received on account (Cash).");
  await page.locator("section[aria-labelledby='family-balances-heading']").scrollIntoViewIfNeeded();
  await shoot(page, "family");
  await teacherContext.close();
});
