import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parentSignUpBody } from "../factories/sign-up";
import { approveApplication, expect, signInThroughApi, test } from "./fixtures";

/** A small but valid one-page PDF (the server checks the real type of what it stores). */
function writePdf(): string {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), "classes-e2e-")), "lesson-notes.pdf");
  writeFileSync(file, body);
  return file;
}

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a teacher runs a class with a parent: join code, achievements, grades, files, the family's archive, disenroll and the earlier student's record", async ({
  page,
  browser,
  playwright,
  baseURL,
  parent,
  teacher,
}) => {
  test.setTimeout(120_000);

  // An approved teacher: the class page offers booking only with a teacher families can book (issue 41).
  await approveApplication(teacher);
  // The teacher creates a class and reads its join code.
  await signInThroughApi(page, teacher);
  await page.goto("/teacher/manage");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Classes" })).toBeVisible();
  await expect(page.getByText("No classes yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Create Class" }).click();
  const create = page.getByRole("dialog", { name: "Create Class" });
  await create.getByRole("button", { name: "Create Class" }).click();
  await expect(create.getByText("Class name is required")).toBeVisible();
  await create.getByLabel("Class Name").fill("Piano Basics");
  await create.getByLabel("Description (optional)").fill("Weekly lessons for Mia");
  await create.getByRole("button", { name: "Create Class" }).click();
  const created = page.getByRole("dialog", { name: "Class Created" });
  const code = (await created.getByTestId("created-join-code").innerText()).trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  await created.getByRole("button", { name: `Copy code ${code}` }).click();
  await expect(created.getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await created.getByRole("button", { name: "Done" }).click();
  const search = page.getByRole("searchbox", { name: "Search classes by name" });
  await search.fill("violin");
  await expect(page.getByText('No active classes match "violin".')).toBeVisible();
  await search.fill("piano");
  const card = page.getByRole("article").filter({ hasText: "Piano Basics" });
  await expect(card.getByTestId("join-code")).toHaveText(code);

  // The teacher resets the code: the old one stops working.
  await card.getByRole("button", { name: `Reset code ${code}` }).click();
  await page.getByRole("dialog", { name: "Reset Join Code" }).getByRole("button", { name: "Reset Code" }).click();
  await expect(card.getByTestId("join-code")).not.toHaveText(code);
  const oldCode = code;
  const newCode = (await card.getByTestId("join-code").innerText()).trim();
  expect(newCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);

  // A new parent joins with the code typed in lower case.
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await signInThroughApi(parentPage, parent);
  await parentPage.goto("/manage");
  await parentPage.getByRole("button", { name: "Join Class" }).click();
  const join = parentPage.getByRole("dialog", { name: "Join Class" });
  await expect(join.getByRole("button", { name: "Join Class" })).toBeDisabled();
  await join.getByLabel("Class Code").pressSequentially(oldCode.toLowerCase());
  await expect(join.getByLabel("Class Code")).toHaveValue(oldCode);
  await join.getByRole("button", { name: "Join Class" }).click();
  await expect(join.getByRole("alert")).toHaveText("No active class has that code. Check the code with your teacher.");
  await join.getByLabel("Class Code").clear();
  await join.getByLabel("Class Code").pressSequentially(newCode.toLowerCase());
  await expect(join.getByLabel("Class Code")).toHaveValue(newCode);
  await join.getByRole("button", { name: "Join Class" }).click();
  await expect(parentPage).toHaveURL(/\/class\/[0-9a-f-]{36}$/);
  const classPath = new URL(parentPage.url()).pathname;
  await expect(parentPage.getByRole("heading", { level: 1, name: "Piano Basics" })).toBeVisible();
  await expect(parentPage.getByText("Mia Rivera")).toBeVisible();
  await expect(parentPage.getByRole("link", { name: "Back to Classes" })).toHaveAttribute("href", "/manage");
  await expect(parentPage.getByRole("button", { name: "Book Another Lesson" })).toBeVisible();

  // Both dashboards count the class.
  await parentPage.goto("/dashboard");
  await expect(parentPage.getByRole("link", { name: /^Classes/ })).toContainText(/1\s*active class/);
  await page.goto("/teacher-landing");
  const tile = page.getByRole("region", { name: "Your figures" }).locator("div").filter({ hasText: "Active classes" });
  await expect(tile.locator("dd")).toHaveText("1");

  // The teacher unlocks an achievement: popup, xp and category level change.
  await page.goto(classPath);
  await expect(page.getByRole("link", { name: "Back to Classes" })).toHaveAttribute("href", "/teacher/manage");
  await expect(page.getByText("Mia Rivera")).toBeVisible();
  await expect(page.getByTestId("xp")).toHaveText("0 / 1000 XP");
  await page.getByRole("button", { name: "Unlock Technical Showcase" }).click();
  const popup = page.getByRole("status").filter({ hasText: "Achievement Unlocked!" });
  await expect(popup).toContainText("Technical Showcase");
  await expect(popup).toContainText("+300 XP");
  await expect(page.getByTestId("xp")).toHaveText("300 / 1000 XP");
  await expect(page.getByRole("article").filter({ hasText: "Technique" }).getByText("Level 2")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unlock Technical Showcase" })).toHaveCount(0);
  await expect(popup).toBeHidden({ timeout: 5_000 });

  // Switch to grade format: no fake figures before the first grade.
  await page.getByRole("group", { name: "Progress format" }).getByRole("button", { name: "Grades" }).click();
  await expect(page.getByRole("heading", { name: "Overall Grade" })).toBeVisible();
  await expect(page.getByText("No assessments available yet.")).toBeVisible();
  await expect(page.getByTestId("overall-grade")).toHaveCount(0);

  // Add grades through the quick action; a score of 101 is refused.
  const addGrade = async (title: string, score: string) => {
    await page.getByRole("button", { name: "Add Grade" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Grade" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Category").selectOption("Technique");
    await dialog.getByLabel("Score (%)").fill(score);
    await dialog.getByRole("button", { name: "Add Grade" }).click();
    return dialog;
  };
  const refused = await addGrade("Scales quiz", "101");
  await expect(refused.getByText("Score must be a number between 0 and 100")).toBeVisible();
  await refused.getByLabel("Score (%)").fill("95");
  await refused.getByRole("button", { name: "Add Grade" }).click();
  await expect(refused).toBeHidden();
  await expect(page.getByRole("tab", { name: "Grades" })).toHaveAttribute("aria-selected", "true");
  await expect(await addGrade("Sight reading", "60")).toBeHidden();
  const grades = page.getByRole("tabpanel", { name: "Grades" });
  await expect(grades.getByText("95%")).toBeVisible();
  await expect(grades.getByText("60%")).toBeVisible();

  // Delete is two steps: the row's Delete, then the confirm modal.
  await grades.getByRole("button", { name: "Delete Sight reading" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Grade" });
  await expect(confirm).toContainText("Are you sure you want to delete this grade? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(grades.getByText("Sight reading")).toHaveCount(0);
  await page.getByRole("tab", { name: "Home" }).click();
  // One grade of 95% in Technique: round(300 + 0.95 × 550) = 823.
  await expect(page.getByTestId("overall-grade")).toHaveText("823");
  // …which reads Excellent, like the grade's green badge (not "Good").
  await expect(page.getByRole("region", { name: "Overall Grade" })).toContainText("Excellent");
  await expect(page.getByText("Scales quiz")).toBeVisible();

  // The teacher uploads a PDF.
  await page.getByRole("tab", { name: "Files" }).click();
  await expect(page.getByText("No files available yet.")).toBeVisible();
  await page.getByLabel("File to upload").setInputFiles(writePdf());
  const fileCard = page.getByRole("tabpanel", { name: "Files" }).getByRole("listitem").filter({ hasText: "lesson-notes.pdf" });
  await expect(fileCard).toBeVisible();

  // The parent opens it from the Files tab; another parent gets 404 for the same address.
  await parentPage.goto(`${classPath}?tab=files`);
  const view = parentPage.getByRole("link", { name: "View lesson-notes.pdf (opens in a new tab)" });
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAttribute("rel", "noopener");
  const href = (await view.getAttribute("href"))!;
  const opened = await parentPage.request.get(href);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toContain("application/pdf");
  const stranger = await playwright.request.newContext({ baseURL });
  const signUp = await stranger.post("/api/accounts/parents", { data: parentSignUpBody() });
  expect(signUp.ok()).toBe(true);
  expect((await stranger.get(href)).status()).toBe(404);
  await stranger.dispose();

  // The parent archives the class for the family only: it leaves the parent's Active list and is
  // listed under Archived, while the teacher's list is unchanged.
  await parentPage.getByRole("button", { name: "Archive", exact: true }).click();
  const archiveDialog = parentPage.getByRole("dialog", { name: "Archive Class" });
  await expect(archiveDialog).toContainText("for your family only");
  await archiveDialog.getByRole("button", { name: "Archive Class" }).click();
  await expect(parentPage).toHaveURL(/\/manage$/);
  await expect(parentPage.getByText("No classes yet.", { exact: false })).toBeVisible();
  await page.goto("/teacher/manage");
  await expect(page.getByRole("region", { name: "Active classes" }).getByRole("article").filter({ hasText: "Piano Basics" })).toBeVisible();

  // Unarchive from the Archived list brings it back to Active.
  await parentPage.getByRole("button", { name: "Archived" }).click();
  await parentPage.getByRole("button", { name: "Unarchive Piano Basics" }).click();
  await expect(parentPage.getByText("No archived classes.")).toBeVisible();
  await parentPage.getByRole("button", { name: "Active", exact: true }).click();
  await parentPage.getByRole("link", { name: "Piano Basics" }).click();

  // Archived again, opened from the Archived list: marked Archived, and Unarchive on the page too.
  await parentPage.getByRole("button", { name: "Archive", exact: true }).click();
  await parentPage.getByRole("dialog", { name: "Archive Class" }).getByRole("button", { name: "Archive Class" }).click();
  await expect(parentPage).toHaveURL(/\/manage$/);
  await parentPage.getByRole("button", { name: "Archived" }).click();
  await parentPage.getByRole("link", { name: "Piano Basics" }).click();
  await expect(parentPage.getByText("Archived", { exact: true })).toBeVisible();
  await parentPage.getByRole("button", { name: "Unarchive", exact: true }).click();
  await expect(parentPage.getByText("Archived", { exact: true })).toHaveCount(0);
  await expect(parentPage.getByRole("button", { name: "Archive", exact: true })).toBeVisible();

  // The parent disenrolls (gone from both lists).
  await parentPage.getByRole("button", { name: "Disenroll" }).click();
  const disenroll = parentPage.getByRole("dialog", { name: "Disenroll from Class" });
  await expect(disenroll).toContainText("permanently removes the class from your account. This cannot be undone.");
  await disenroll.getByRole("button", { name: "Disenroll" }).click();
  await expect(parentPage).toHaveURL(/\/manage$/);
  await expect(parentPage.getByText("No classes yet.", { exact: false })).toBeVisible();
  await parentPage.getByRole("button", { name: "Archived" }).click();
  await expect(parentPage.getByText("No archived classes.")).toBeVisible();
  expect([403, 404]).toContain((await parentPage.request.get(`/api${classPath.replace("/class/", "/classes/")}`)).status());
  expect((await parentPage.request.get(href)).status()).toBe(404);

  // The child's record left with the child: the teacher's class has no student and fresh progress,
  // and keeps Mia's grades and file under Earlier students.
  await page.goto(`${classPath}?tab=grades`);
  await expect(page.getByText("No student has joined yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Grade" }).first()).toBeDisabled();
  const earlierGrades = page.getByRole("tabpanel", { name: "Grades" }).getByRole("region", { name: "Earlier students" });
  await expect(earlierGrades.getByRole("article", { name: "Mia Rivera, earlier student" })).toContainText("Scales quiz");
  await expect(page.getByRole("tabpanel", { name: "Grades" }).getByText("No assessments available yet.")).toBeVisible();
  await page.getByRole("tab", { name: "Files" }).click();
  const earlierFiles = page.getByRole("tabpanel", { name: "Files" }).getByRole("region", { name: "Earlier students" });
  await expect(earlierFiles.getByRole("link", { name: "View lesson-notes.pdf (opens in a new tab)" })).toBeVisible();

  await parentContext.close();
});
