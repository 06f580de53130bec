import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type E2EAccount } from "./fixtures";
import { fillSignIn } from "./helpers";

/** The test's own parent gets a second student (the first, Mia, came with sign-up). */
async function addLeo(parent: E2EAccount) {
  const response = await parent.api.post("/api/students", { data: { firstName: "Leo", lastName: "Rivera", age: 11 } });
  expect(response.status()).toBe(201);
}

async function signInToStudents(page: Page, parent: E2EAccount) {
  await page.goto("/parent/student-profiles");
  // The guard sends a signed-out visitor to / with Sign In open; afterwards they continue here.
  await fillSignIn(page, "Parent", parent.email, parent.password);
  await expect(page).toHaveURL(/\/parent\/student-profiles$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Students" })).toBeVisible();
}

test("a parent adds a student, edits the profile, and keeps a repertoire", async ({ page, parent }) => {
  await addLeo(parent);
  await signInToStudents(page, parent);
  const cards = page.getByRole("list", { name: "Students" }).getByRole("link");
  await expect(cards.filter({ hasText: "Mia Rivera" })).toBeVisible();
  await expect(cards.filter({ hasText: "Leo Rivera" })).toBeVisible();
  const before = await cards.count();

  // Add a third student; the form checks before it sends.
  const firstName = `Zoe${Date.now() % 100_000}`;
  await page.getByRole("button", { name: "Add New Student" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Student" });
  await dialog.getByRole("button", { name: "Add Student" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();
  await expect(dialog.getByText("Age must be a whole number between 1 and 99")).toBeVisible();
  await dialog.getByLabel("First Name").fill(firstName);
  await dialog.getByLabel("Last Name").fill("Rivera");
  await dialog.getByLabel("Age").fill("7");
  await dialog.getByLabel("Folk").check();
  await dialog.getByRole("button", { name: "Add Student" }).click();
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(before + 1);
  const card = cards.filter({ hasText: `${firstName} Rivera` });
  await expect(card).toContainText("Age 7");
  await expect(card).toContainText("Folk");

  // Open it.
  await card.click();
  await expect(page).toHaveURL(/\/parent\/student\/[0-9a-f-]{36}$/);
  const studentId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: `${firstName} Rivera` })).toBeVisible();
  await expect(page.getByText("Not enrolled in a class yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book Online Lesson" })).toHaveAttribute(
    "href",
    `/find-teachers?lessonType=online&studentId=${studentId}`,
  );
  await expect(page.getByRole("link", { name: "Book In-Person Lesson" })).toHaveAttribute(
    "href",
    `/find-teachers?lessonType=in-person&studentId=${studentId}`,
  );
  await expect(page.getByRole("link", { name: "View Schedule" })).toHaveAttribute("href", `/parent/calendar?student=${studentId}`);

  // Edit, then Cancel: the saved values come back.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("First Name").fill("Changed");
  await page.getByLabel("Learning Goals").fill("Something unsaved");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${firstName} Rivera` })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("First Name")).toHaveValue(firstName);
  await expect(page.getByLabel("Learning Goals")).toHaveValue("");

  // Edit and Save: one item per line, blank lines dropped.
  await page.getByLabel("Age").fill("8");
  await page.getByLabel("Learning Style").selectOption("Visual");
  await page.getByLabel("Learning Goals").fill("Play scales hands together\n\n   \nSpring recital\n");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(page.getByText("Age 8")).toBeVisible();
  await expect(page.getByText("Visual")).toBeVisible();
  const goals = page.getByRole("definition").filter({ hasText: "Play scales" }).getByRole("listitem");
  await expect(goals).toHaveText(["Play scales hands together", "Spring recital"]);
  await page.reload();
  await expect(goals).toHaveText(["Play scales hands together", "Spring recital"]);

  // Add a repertoire entry.
  const repertoire = page.getByRole("region", { name: "Repertoire History" });
  await expect(repertoire).toContainText("No pieces recorded yet.");
  await repertoire.getByRole("button", { name: "Add Repertoire" }).click();
  await repertoire.getByRole("button", { name: "Save Piece" }).click();
  await expect(repertoire.getByText("Title is required")).toBeVisible();
  await expect(repertoire.getByText("Genre is required")).toBeVisible();
  await expect(repertoire.getByLabel("Difficulty")).toHaveValue("Beginner");
  await repertoire.getByLabel("Title").fill("Twinkle, Twinkle, Little Star");
  await repertoire.getByLabel("Composer").fill("Traditional");
  await repertoire.getByLabel("Genre").selectOption("Folk");
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  await repertoire.getByLabel("Completion Date").fill(today);
  await repertoire.getByRole("button", { name: "Save Piece" }).click();
  const entries = repertoire.getByRole("list", { name: "Repertoire" }).getByRole("listitem");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Twinkle, Twinkle, Little Star");
  await expect(entries.first()).toContainText("Beginner");

  // Delete it with the two-step confirm: the first click only asks.
  await repertoire.getByRole("button", { name: "Delete Twinkle, Twinkle, Little Star" }).click();
  await expect(repertoire.getByRole("button", { name: "Confirm delete" })).toBeVisible();
  await repertoire.getByRole("button", { name: "Cancel" }).click();
  await expect(entries).toHaveCount(1);
  await repertoire.getByRole("button", { name: "Delete Twinkle, Twinkle, Little Star" }).click();
  await repertoire.getByRole("button", { name: "Confirm delete" }).click();
  await expect(repertoire).toContainText("No pieces recorded yet.");
});

test("an unknown student id shows Student not found", async ({ page, parent }) => {
  await signInToStudents(page, parent);
  await page.goto("/parent/student/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Student not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to My Students" }).click();
  await expect(page).toHaveURL(/\/parent\/student-profiles$/);
});

test("student pages fit a phone and have no serious accessibility violations @phone", async ({ page, parent }) => {
  const students = (await (await parent.api.get("/api/students")).json()) as { id: string; firstName: string }[];
  const mia = students.find((s) => s.firstName === "Mia")!;
  const entry = { title: "Minuet in G major", composer: "Petzold", genre: "Classical", completedDate: "2024-03-01" };
  expect((await parent.api.post(`/api/students/${mia.id}/repertoire`, { data: entry })).status()).toBe(201);
  await signInToStudents(page, parent);
  const check = async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  };
  await expect(page.getByRole("link", { name: /Mia Rivera/ })).toBeVisible();
  await check();
  await page.getByRole("link", { name: /Mia Rivera/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mia Rivera" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Repertoire History" })).toContainText("Minuet in G major");
  await check();
});
