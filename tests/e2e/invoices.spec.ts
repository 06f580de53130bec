import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectAxeClean, lessonStartingSoon, ok, shootAtBothWidths } from "./soon-lessons";
import { expect, signInThroughApi, test } from "./fixtures";
import { lastMailText } from "./outbox";
import { confirmAcceptPrice } from "./helpers";

const shoot = (page: Page, name: string) => shootAtBothWidths(page, `invoices-${name}`);

test("a teacher invoices a family for a lesson at the agreed price, sends it with its PDF, records the payment; the family sees it on /billing", async ({ page, browser, baseURL, parent, teacher }) => {
  test.setTimeout(300_000);
  const { startsAt, zone, bookingId } = await lessonStartingSoon(parent, teacher);

  // The teacher's browser is in the teacher's zone, so "This month" and today are the teacher's.
  const teacherContext = await browser.newContext({ baseURL, timezoneId: zone, viewport: { width: 1280, height: 800 } });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);

  // The teacher accepts the request at an agreed $45.50 per lesson.
  await teacherPage.goto("/teacher-landing");
  await teacherPage.getByRole("button", { name: /^Accept Mia's request/ }).click();
  await confirmAcceptPrice(teacherPage, "45.50");
  const accepted = (await ok(await parent.api.get("/api/bookings/mine"), "requests")) as { bookings: { id: string; status: string; priceCents: number | null }[] };
  expect(accepted.bookings.find((b) => b.id === bookingId)).toMatchObject({ status: "accepted", priceCents: 4550 });

  // Once the lesson has started, the teacher records it attended.
  await expect.poll(() => Date.now(), { timeout: 200_000, intervals: [5_000] }).toBeGreaterThan(startsAt.getTime() + 1_000);
  await teacherPage.goto("/teacher-landing");
  const lessons = teacherPage.locator("section[aria-labelledby='lessons-heading']");
  await lessons.getByRole("button", { name: "Record Attendance" }).click();
  const attendance = teacherPage.getByRole("dialog", { name: "Record Attendance" });
  await attendance.getByRole("radio", { name: "Attended" }).check();
  await attendance.getByRole("button", { name: "Save" }).click();
  await expect(attendance).toBeHidden();
  // Saved as attended, the dialog offers homework (issue 29); not this journey's business.
  await teacherPage.getByRole("dialog", { name: "Assign homework" }).getByRole("button", { name: "Not now" }).click();
  await expect(teacherPage.getByRole("dialog")).toHaveCount(0);

  // Invoices is in the teacher's tools; no invoice yet.
  await teacherPage.getByRole("navigation", { name: "Teaching tools" }).getByRole("link", { name: /Invoices/ }).click();
  await expect(teacherPage.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  await expect(teacherPage.getByText("No invoices yet.")).toBeVisible();
  await expect(teacherPage.getByTestId("outstanding-total")).toHaveText("$0.00 USD");

  // New invoice: the family, this month's lesson at its agreed price, a recital fee typed in dollars.
  await teacherPage.getByRole("link", { name: "New Invoice" }).click();
  await teacherPage.getByLabel("Family").selectOption({ label: "Jordan Rivera (1 lesson not invoiced, $45.50 USD)" });
  const line = teacherPage.getByTestId("preview-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Mia");
  await expect(line).toContainText("$45.50 USD");
  await teacherPage.getByRole("button", { name: "Add a line" }).click();
  await teacherPage.getByLabel("Description").fill("Recital fee");
  await teacherPage.getByLabel("Unit price ($)").fill("10");
  await teacherPage.getByLabel("Note (optional)").fill("Thank you for a great month!");
  await expect(teacherPage.getByTestId("new-invoice-total")).toHaveText("$55.50 USD");
  await shoot(teacherPage, "new");
  await teacherPage.getByRole("button", { name: "Create draft" }).click();

  // The draft: its lines and total; Send emails the family with the PDF.
  await expect(teacherPage.getByTestId("invoice-state")).toHaveText("Draft");
  const number = (await teacherPage.getByRole("heading", { name: /^Invoice / }).innerText()).replace("Invoice ", "");
  expect(number).toMatch(/^CK-\d{4}-0001$/);
  await expect(teacherPage.getByTestId("invoice-line")).toHaveCount(2);
  await expect(teacherPage.getByTestId("invoice-total")).toHaveText("$55.50 USD");
  await shoot(teacherPage, "draft");
  await teacherPage.getByRole("button", { name: "Send" }).click();
  const send = teacherPage.getByRole("dialog", { name: `Send invoice ${number}?` });
  await expect(send).toContainText(parent.email);
  await expectAxeClean(teacherPage, "[role=dialog]");
  await send.getByRole("button", { name: "Send" }).click();
  await expect(send).toBeHidden();
  await expect(teacherPage.getByTestId("invoice-state")).toHaveText("Sent");
  await expect(teacherPage.getByTestId("invoice-balance")).toHaveText("$55.50 USD");
  await expect(teacherPage.getByRole("button", { name: "Edit" })).toHaveCount(0);

  // The email with the PDF attached is in the outbox.
  const mail = await lastMailText(parent.email, "invoice-sent");
  expect(mail).toContain(`invoice-${number}.pdf`);
  expect(mail.toLowerCase()).toContain("content-type: application/pdf");

  // The family sees it on /billing, with what it owes, and downloads the PDF.
  await signInThroughApi(page, parent);
  await page.goto("/billing");
  const section = page.locator("section[aria-labelledby='family-invoices-heading']");
  await expect(section.getByRole("row").filter({ hasText: number })).toContainText("Sent");
  await expect(section.getByTestId("family-owed-total")).toHaveText("$55.50 USD");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "billing");
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: `Download PDF of invoice ${number}` }).click();
  const download = await downloading;
  const bytes = readFileSync((await download.path()));
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain(number);
  expect(text).toContain("$55.50 USD");
  // The year's statement from this teacher is a PDF too.
  const statementDownload = page.waitForEvent("download");
  await section.getByRole("link", { name: /^Casey Keys: Year statement \d{4} \(PDF\)$/ }).click();
  const statement = readFileSync((await (await statementDownload).path()));
  expect(statement.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text: statementText } = await extractText(await getDocumentProxy(new Uint8Array(statement)), { mergePages: true });
  expect(statementText).toContain(number);
  await section.getByRole("link", { name: number, exact: true }).click();
  await expect(page.getByTestId("invoice-total")).toHaveText("$55.50 USD");
  await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);

  // The teacher records the payment: the amount is the balance.
  await teacherPage.getByRole("button", { name: "Record payment" }).click();
  const payment = teacherPage.getByRole("dialog", { name: "Record payment" });
  await expect(payment.getByLabel("Amount ($)")).toHaveValue("55.50");
  await payment.getByLabel("Method").selectOption({ label: "Cash" });
  await expectAxeClean(teacherPage, "[role=dialog]");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(payment).toBeHidden();
  await expect(teacherPage.getByTestId("invoice-state")).toHaveText("Paid");
  await expect(teacherPage.getByTestId("invoice-balance")).toHaveText("$0.00 USD");
  await shoot(teacherPage, "invoice");

  // The list: paid, nothing outstanding.
  await teacherPage.getByRole("link", { name: "All invoices" }).click();
  await expect(teacherPage.getByTestId("outstanding-total")).toHaveText("$0.00 USD");
  await expect(teacherPage.getByRole("row").filter({ hasText: number })).toContainText("Paid");
  await shoot(teacherPage, "list");

  // And the family's side: balance zero.
  await page.reload();
  await expect(page.getByTestId("invoice-state")).toHaveText("Paid");
  await expect(page.getByTestId("invoice-balance")).toHaveText("$0.00 USD");
  await shoot(page, "family-invoice");
  await page.goto("/billing");
  await expect(page.getByTestId("family-owed-total")).toHaveText("$0.00 USD");

  // Issue 40: the teacher voids the paid invoice and replaces it. The dialog says what happens to
  // the $55.50 received; the replacement (the lesson again, without the recital fee) is paid by
  // that credit, and the family owes nothing, with $10.00 left on account.
  await teacherPage.getByRole("link", { name: number, exact: true }).click();
  await teacherPage.getByRole("button", { name: "Void" }).click();
  const voiding = teacherPage.getByRole("dialog", { name: `Void invoice ${number}` });
  await expect(voiding.getByTestId("void-credit-notice")).toContainText("$55.50 USD received will be kept as credit and applied to the replacement.");
  await voiding.getByLabel("Reason").fill("The recital was cancelled");
  await shoot(teacherPage, "void-dialog");
  await voiding.getByRole("button", { name: "Void and replace" }).click();
  await expect(teacherPage.getByRole("heading", { level: 1, name: "New Invoice" })).toBeVisible();
  await expect(teacherPage.getByTestId("preview-line")).toHaveCount(1);
  await teacherPage.getByRole("button", { name: "Create draft" }).click();
  await expect(teacherPage.getByTestId("invoice-state")).toHaveText("Draft");
  const replacement = (await teacherPage.getByRole("heading", { name: /^Invoice / }).innerText()).replace("Invoice ", "");
  await teacherPage.getByRole("button", { name: "Send" }).click();
  await teacherPage.getByRole("dialog", { name: `Send invoice ${replacement}?` }).getByRole("button", { name: "Send" }).click();
  await expect(teacherPage.getByTestId("invoice-state")).toHaveText("Paid");
  await expect(teacherPage.getByTestId("invoice-balance")).toHaveText("$0.00 USD");
  await expect(teacherPage.getByText("Credit on account").first()).toBeVisible();
  await shoot(teacherPage, "replacement");

  await page.goto("/billing");
  await expect(page.getByTestId("family-owed-total")).toHaveText("$0.00 USD");
  await expect(page.getByTestId("family-credit-total")).toHaveText("$10.00 USD");
  await expect(section.getByRole("row").filter({ hasText: number })).toContainText("Void");
  await expect(section.getByRole("row").filter({ hasText: replacement })).toContainText("Paid");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "billing-credit");

  await teacherContext.close();
});
