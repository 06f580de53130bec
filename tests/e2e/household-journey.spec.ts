import { randomUUID } from "node:crypto";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";
import { lastMailLink, lastMailText } from "./outbox";

/** With SHOTS_DIR set, the journey also saves its screens there (issue 45's screenshots). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

test.use({ timezoneId: "America/New_York" });

/** The first open day at least two days ahead (clear of the teacher's lead time), this month or next. */
async function pickDayAhead(panel: Locator) {
  const from = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
  const openDays = panel.locator(".rdp-day:not(.rdp-disabled)");
  await expect(openDays.first()).toBeVisible();
  let day = (await openDays.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-day") ?? ""))).find((d) => d >= from);
  if (!day) {
    await panel.getByRole("button", { name: /next month/i }).click();
    await expect(openDays.first()).toBeVisible();
    day = (await openDays.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-day") ?? "")))[0]!;
  }
  await panel.locator(`.rdp-day[data-day="${day}"] button`).click();
}

/**
 * Issue 45, the household's whole journey (its own users, a browser each): a mother invites a
 * father, he joins and books an intro call for their child; the mother sees the request with his
 * name; the teacher accepts and writes to the family; both guardians read it; the teacher splits
 * the family's invoices 50/50 and each guardian gets their own share, by email and on /billing.
 */
test("a mother invites a father; he books, she sees it was him; the teacher's message reaches both; a 50/50 invoice reaches both", async ({ browser, parent, teacher }) => {
  test.setTimeout(240_000);
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };

  // The mother invites the father; he joins from the emailed link on his phone.
  const fatherEmail = `father-${randomUUID().slice(0, 8)}@e2e.test`;
  expect((await parent.api.post("/api/household/invitations", { data: { email: fatherEmail } })).ok()).toBe(true);
  const fatherContext = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: "America/New_York" });
  const father = await fatherContext.newPage();
  await father.goto(await lastMailLink(fatherEmail, "household-invitation"));
  await father.getByLabel("First name").fill("Diego");
  await father.getByLabel("Last name").fill("Rivera");
  await father.getByRole("textbox", { name: "Password" }).fill("a-good-e2e-password");
  await father.getByRole("button", { name: "Create login and join" }).click();
  await expect(father).toHaveURL(/\/settings\/household$/);

  // He books an intro call for Mia from the teacher's profile.
  await father.goto(`/teacher/profile/${teacherId}`);
  await father.getByRole("button", { name: "Book Introduction Call" }).click();
  const panel = father.getByRole("dialog", { name: "Book an Introduction Call" });
  await pickDayAhead(panel);
  await panel.getByRole("group", { name: /Open times on/ }).getByRole("button").first().click();
  await panel.getByRole("button", { name: "Continue" }).click();
  // The household's child is his to book for.
  await father.getByRole("dialog", { name: "Select Student" }).getByRole("button", { name: /^Mia / }).click();
  await panel.getByRole("radio", { name: /By phone/ }).check();
  await panel.getByRole("button", { name: "Send Request" }).click();
  await expect(father.getByRole("heading", { name: `Your request is with ${teacher.firstName}` })).toBeVisible();
  await panel.getByRole("button", { name: "Done" }).click();

  // The mother sees the request on her dashboard, with his name on it.
  const motherContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "America/New_York" });
  const mother = await motherContext.newPage();
  await signInThroughApi(mother, parent);
  await mother.goto("/dashboard");
  const motherRequests = mother.locator("#lesson-requests");
  await expect(motherRequests.getByTestId("requested-by")).toHaveText("Requested by Diego Rivera");
  await shot(mother, "h45-mother-requests-1280");

  // The teacher sees who asked, accepts, and writes to the family from the request.
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "America/New_York" });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  await expect(teacherPage.getByTestId("requested-by")).toHaveText("Requested by Diego Rivera");
  await shot(teacherPage, "h45-teacher-request-1280");
  await teacherPage.getByRole("button", { name: /^Accept Mia's request/ }).first().click();
  await expect(teacherPage.getByText("No pending requests.")).toBeVisible();
  await expect(motherRequests).toContainText("Accepted");

  const opened = await teacher.api.post("/api/messages/conversations/family", { data: { studentId: (await parentStudentId(parent.api)) } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { id: conversationId } = (await opened.json()) as { id: string };
  await teacherPage.goto(`/messages/${conversationId}`);
  const box = teacherPage.getByRole("textbox", { name: /^Message / });
  await box.fill("Looking forward to meeting Mia! Please bring her music books.");
  await box.press("Enter");
  await expect(teacherPage.getByRole("log", { name: "Messages" })).toContainText("bring her music books");

  // Both guardians read it, in the household's one conversation.
  for (const page of [father, mother]) {
    await page.goto("/messages");
    await page.getByRole("link", { name: /Casey Keys/ }).click();
    await expect(page.getByRole("log", { name: "Messages" })).toContainText("Please bring her music books.");
  }

  // The teacher splits the family's invoices 50/50, then invoices a recital fee that does not divide evenly.
  await teacherPage.goto("/teacher/invoices");
  await teacherPage.getByLabel("Family").selectOption({ label: "Jordan Rivera" });
  await teacherPage.getByRole("button", { name: "Split between guardians" }).click();
  await teacherPage.getByLabel("Jordan Rivera's share (%)").fill("50");
  await teacherPage.getByLabel("Diego Rivera's share (%)").fill("50");
  await teacherPage.getByRole("button", { name: "Save split" }).click();
  await expect(teacherPage.getByRole("region", { name: "Invoice split" }).or(teacherPage.locator("section[aria-labelledby='household-split-heading']"))).toContainText("50 %");
  await shot(teacherPage, "h45-teacher-split-1280");

  const created = await teacher.api.post("/api/invoices", {
    data: { parentId: await householdId(parent.api), from: today(), to: today(), extraLines: [{ description: "Recital fee", quantity: 1, unitCents: 2501 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const first = (await created.json()) as { id: string; otherShares: { id: string }[] };
  expect(first.otherShares).toHaveLength(1);
  for (const id of [first.id, ...first.otherShares.map((share) => share.id)]) {
    const sent = await teacher.api.post(`/api/invoices/${id}/send`, { data: {} });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  // Each guardian gets their own share by email and sees it on /billing: $12.51 and $12.50 make $25.01.
  const motherMail = await lastMailText(parent.email, "invoice-sent");
  const fatherMail = await lastMailText(fatherEmail, "invoice-sent");
  const amounts = [motherMail, fatherMail].map((text) => /\$(12\.5[01])/.exec(text)?.[1]).sort();
  expect(amounts).toEqual(["12.50", "12.51"]);
  for (const [page, name] of [
    [mother, "h45-mother-share-1280"],
    [father, "h45-father-share-390"],
  ] as const) {
    await page.goto("/billing");
    // A table on a desktop, a list on a phone: either way one invoice, theirs.
    const invoices = page.getByRole("region", { name: "Invoices" });
    await expect(invoices).toContainText("Your share (50 % share)");
    await expect(invoices.getByRole("link", { name: /^CK-\d{4}-\d{4}$/ })).toHaveCount(1);
    await invoices.getByRole("link", { name: /^CK-\d{4}-\d{4}$/ }).click();
    await expect(page.getByTestId("share-notice")).toContainText("Your share");
    await shot(page, name);
  }
  expect(await father.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await Promise.all([fatherContext.close(), motherContext.close(), teacherContext.close()]);
});

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });

async function parentStudentId(api: APIRequestContext): Promise<string> {
  const students = (await (await api.get("/api/students")).json()) as { id: string }[];
  return students[0]!.id;
}

async function householdId(api: APIRequestContext): Promise<string> {
  return ((await (await api.get("/api/household")).json()) as { householdId: string }).householdId;
}
