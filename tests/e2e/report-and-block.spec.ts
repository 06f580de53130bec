import { approveApplication, expect, signInThroughApi, test } from "./fixtures";

/**
 * Issue 27 from the family's side: the Report dialog on a teacher profile and on a received
 * message, then blocking and unblocking the teacher in the conversation. The reported profile is
 * one of the demo's listed teachers (a new e2e teacher waits for the operators' review, so it is
 * not public); the conversation is with this test's own teacher.
 */
test("a parent reports a profile and a message, blocks the teacher, who can no longer write, and unblocks", async ({
  page,
  browser,
  parent,
  teacher,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, parent);

  // Report a listed teacher's profile: reason, details, Send, the thanks.
  const search = (await (await parent.api.get("/api/search/teachers")).json()) as { teachers: { teacherId: string }[] };
  const listed = search.teachers[0]!;
  await page.goto(`/teacher/profile/${listed.teacherId}`);
  await page.getByRole("button", { name: /^Report .*'s profile$/ }).click();
  const profileDialog = page.getByRole("dialog", { name: "Report this profile" });
  await profileDialog.getByRole("button", { name: "Send" }).click();
  await expect(profileDialog.getByText("Choose a reason for the report")).toBeVisible();
  await profileDialog.getByLabel("Fake profile").check();
  await profileDialog.getByLabel("Details (optional)").fill("The photos look like they come from a stock site.");
  await profileDialog.getByRole("button", { name: "Send" }).click();
  await expect(profileDialog.getByRole("status")).toHaveText("Thanks, our team will look at it.");
  await profileDialog.getByRole("button", { name: "Done" }).click();

  // The parent writes to this test's teacher (approved: a family writes only to a teacher in good
  // standing, issue 39); the teacher answers rudely.
  await approveApplication(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const opened = (await (await parent.api.post("/api/messages/conversations", { data: { teacherId } })).json()) as { id: string };
  const thread = `/api/messages/conversations/${opened.id}/messages`;
  expect((await parent.api.post(thread, { data: { text: "Hello, is Tuesday free?" } })).status()).toBe(201);
  expect((await teacher.api.post(thread, { data: { text: "Stop bothering me." } })).status()).toBe(201);

  // Report the received message (the parent's own has no Report button).
  await page.goto(`/messages/${opened.id}`);
  const log = page.getByRole("log", { name: "Messages" });
  await expect(log).toContainText("Stop bothering me.");
  await expect(log.getByRole("button", { name: /^Report this message/ })).toHaveCount(1);
  await log.getByRole("button", { name: "Report this message from Casey" }).click();
  const messageDialog = page.getByRole("dialog", { name: "Report this message" });
  await messageDialog.getByLabel("Harassment").check();
  await messageDialog.getByRole("button", { name: "Send" }).click();
  await expect(messageDialog.getByRole("status")).toHaveText("Thanks, our team will look at it.");
  await messageDialog.getByRole("button", { name: "Done" }).click();

  // Block: asked once more, then the blocker sees who they blocked and Unblock instead of the composer.
  await page.getByRole("button", { name: "Block Casey" }).click();
  await page.getByRole("group", { name: "Block Casey" }).getByRole("button", { name: "Block Casey" }).click();
  await expect(page.getByText("You blocked Casey Keys.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message Casey" })).toHaveCount(0);

  // The teacher, in a browser of their own, is told only that they cannot send here.
  const teacherContext = await browser.newContext({ viewport: page.viewportSize() });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto(`/messages/${opened.id}`);
  await expect(teacherPage.getByText("You can't send messages in this conversation.")).toBeVisible();
  await expect(teacherPage.getByRole("textbox", { name: "Message Jordan" })).toHaveCount(0);
  const refused = await teacher.api.post(thread, { data: { text: "Hello?" } });
  expect(refused.status()).toBe(409);

  // Unblock: the composer is back, and the teacher can write again.
  await page.getByRole("button", { name: "Unblock" }).click();
  await expect(page.getByRole("textbox", { name: "Message Casey" })).toBeVisible();
  expect((await teacher.api.post(thread, { data: { text: "Sorry about that." } })).status()).toBe(201);
  await expect(page.getByRole("log", { name: "Messages" })).toContainText("Sorry about that.");
  await teacherContext.close();
});
