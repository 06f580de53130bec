import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";
import { fillSignIn } from "./helpers";

test("a parent messages a teacher from the profile; each sees the other's messages and read receipts live, and the whole conversation after reload", async ({
  page,
  browser,
  parent,
  teacher,
}) => {
  test.setTimeout(120_000);
  await makeDiscoverable(teacher);
  const { id } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const profile = `/teacher/profile/${id}`;

  // The teacher is already on /messages, in a browser of their own, with nothing yet.
  const teacherContext = await browser.newContext({ viewport: page.viewportSize() });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/messages");
  await expect(teacherPage.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(teacherPage.getByText("No conversations yet.")).toBeVisible();
  await expect(teacherPage.getByRole("link", { name: "Messages", exact: true })).toBeVisible();

  // Signed out, Message Casey asks to sign in first, then comes back to the profile with the drawer open.
  await page.goto(profile);
  await page.getByRole("button", { name: "Message Casey" }).click();
  await fillSignIn(page, "Parent", parent.email, parent.password);
  await expect(page).toHaveURL(new RegExp(`${profile}\\?message=1$`));
  const drawer = page.getByRole("dialog", { name: "Message Casey" });
  const parentLog = drawer.getByRole("log", { name: "Messages" });
  await expect(drawer.getByText("No messages yet. Say hello to Casey!")).toBeVisible();

  // Shift+Enter makes a new line, Enter sends; the text is shown as typed, never as HTML.
  const box = drawer.getByRole("textbox", { name: "Message Casey" });
  await box.fill("Hi Casey! <b>Mia</b> would love piano lessons.");
  await box.press("Shift+Enter");
  await box.pressSequentially("Is Tuesday good?");
  await box.press("Enter");
  await expect(drawer.getByText("Message sent")).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(parentLog).toContainText("Hi Casey! <b>Mia</b> would love piano lessons.\nIs Tuesday good?", { useInnerText: true });
  await expect(parentLog.locator("b")).toHaveCount(0);

  // The teacher sees it arrive without reloading, with unread badges on the row and in the top bar.
  const row = teacherPage.getByRole("link", { name: /Jordan Rivera/ });
  await expect(row).toContainText("Is Tuesday good?");
  await expect(row).toContainText("1 unread");
  await expect(teacherPage.getByRole("link", { name: "Messages, 1 unread" })).toBeVisible();
  await expect(teacherPage.getByTestId("unread-badge")).toHaveText("1");

  // Opening it reads it: the badges go, and the parent's drawer shows Read under the message.
  await row.click();
  const teacherLog = teacherPage.getByRole("log", { name: "Messages" });
  await expect(teacherLog).toContainText("Is Tuesday good?");
  await expect(teacherPage.getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  await expect(row).not.toContainText("unread");
  await expect(parentLog.getByText("Read", { exact: true })).toBeVisible();

  // The teacher replies; the parent, drawer open, sees it at once and reads it.
  const reply = teacherPage.getByRole("textbox", { name: "Message Jordan" });
  await reply.fill("Tuesday at 4 works. See you then!");
  await reply.press("Enter");
  await expect(parentLog).toContainText("Tuesday at 4 works. See you then!");
  await expect(teacherLog.getByText("Read", { exact: true })).toBeVisible();

  // After reloading, both still have the whole conversation.
  await page.goto("/messages");
  await page.getByRole("link", { name: /Casey Keys/ }).click();
  const parentThread = page.getByRole("log", { name: "Messages" });
  await expect(parentThread).toContainText("Is Tuesday good?");
  await expect(parentThread).toContainText("Tuesday at 4 works. See you then!");
  await teacherPage.reload();
  await expect(teacherLog).toContainText("Is Tuesday good?");
  await expect(teacherLog).toContainText("Tuesday at 4 works. See you then!");
  await expect(teacherLog.getByText("Read", { exact: true })).toBeVisible();
  await teacherContext.close();
});
