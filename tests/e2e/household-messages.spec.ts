import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";
import { lastMailLink } from "./outbox";

/** With SHOTS_DIR set, the journey also saves its screens there (issue 45's screenshots). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`) });
}

/**
 * Issue 45, "everyone sees what the teacher says": a mother writes to the teacher; the father who
 * joined the household sees her message and the teacher's reply (each with who wrote it) and
 * answers; the teacher sees the family as both of them and his answer under his name; the mother
 * sees it live, under his name, on her phone.
 */
test("a household's conversation: both guardians read and write it, each message shows who wrote it", async ({ browser, parent, teacher }) => {
  test.setTimeout(120_000);
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };

  // The father joins the household with a login of his own (the households journey covers the how).
  const fatherEmail = `father-${randomUUID().slice(0, 8)}@e2e.test`;
  expect((await parent.api.post("/api/household/invitations", { data: { email: fatherEmail } })).ok()).toBe(true);
  const link = await lastMailLink(fatherEmail, "household-invitation");
  const fatherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const father = await fatherContext.newPage();
  await father.goto(link);
  await father.getByLabel("First name").fill("Diego");
  await father.getByLabel("Last name").fill("Rivera");
  await father.getByRole("textbox", { name: "Password" }).fill("a-good-e2e-password");
  await father.getByRole("button", { name: "Create login and join" }).click();
  await expect(father).toHaveURL(/\/settings\/household$/);

  // The mother writes to Casey from her account.
  const opened = await parent.api.post("/api/messages/conversations", { data: { teacherId } });
  const { id: conversationId } = (await opened.json()) as { id: string };
  expect((await parent.api.post(`/api/messages/conversations/${conversationId}/messages`, { data: { text: "Hi Casey! Could Mia start next week?" } })).ok()).toBe(true);

  // Casey sees the family as both guardians, and answers.
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/messages");
  await teacherPage.getByRole("link", { name: /Jordan Rivera & Diego Rivera/ }).click();
  const teacherLog = teacherPage.getByRole("log", { name: "Messages" });
  await expect(teacherLog).toContainText("Could Mia start next week?");
  const reply = teacherPage.getByRole("textbox", { name: "Message Jordan & Diego" });
  await reply.fill("Yes! Tuesday at 4pm works for me.");
  await reply.press("Enter");
  await expect(teacherLog).toContainText("Tuesday at 4pm");

  // The father sees both, each under its author, and answers.
  await father.goto("/messages");
  await father.getByRole("link", { name: /Casey Keys/ }).click();
  await expect(father.getByText("Shared with Jordan Rivera")).toBeVisible();
  const fatherLog = father.getByRole("log", { name: "Messages" });
  await expect(fatherLog.getByRole("listitem").nth(0)).toContainText("Jordan Rivera");
  await expect(fatherLog.getByRole("listitem").nth(0)).toContainText("Could Mia start next week?");
  await expect(fatherLog.getByRole("listitem").nth(1)).toContainText("Casey Keys");
  const box = father.getByRole("textbox", { name: "Message Casey" });
  await box.fill("Great, I'll bring her on Tuesday.");
  await box.press("Enter");
  await expect(fatherLog).toContainText("I'll bring her on Tuesday.");

  // Casey sees it live, under his name.
  const fromDiego = teacherLog.getByRole("listitem").filter({ hasText: "I'll bring her on Tuesday." });
  await expect(fromDiego).toContainText("Diego Rivera");
  await shot(teacherPage, "h45c-teacher-1280");
  await shot(father, "h45c-second-guardian-1280");

  // The mother, on her phone: his message under his name, in her own unread count.
  const mother = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const motherPage = await mother.newPage();
  await signInThroughApi(motherPage, parent);
  await motherPage.goto("/messages");
  const row = motherPage.getByRole("link", { name: /Casey Keys/ });
  await expect(row).toContainText("Diego: Great, I'll bring her on Tuesday.");
  await expect(row).toContainText("2 unread");
  await row.click();
  const motherLog = motherPage.getByRole("log", { name: "Messages" });
  await expect(motherLog.getByRole("listitem").filter({ hasText: "I'll bring her on Tuesday." })).toContainText("Diego Rivera");
  expect(await motherPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(motherPage, "h45c-founder-390");

  await Promise.all([fatherContext.close(), teacherContext.close(), mother.close()]);
});
