import { mkdirSync } from "node:fs";
import { bookLessons } from "./booked-lessons";
import { expect, signInThroughApi, test } from "./fixtures";
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
