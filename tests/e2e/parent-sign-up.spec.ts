import { expect, test } from "./fixtures";
import { fillSignIn, openSignIn } from "./helpers";

test("a new parent signs up in two steps, lands on /find-teachers, then deletes the account @phone", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.test`;
  await page.goto("/");
  await openSignIn(page);
  await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Create account" }).click();

  const dialog = page.getByRole("dialog", { name: "Create a Parent Account" });
  await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
  // Next refuses an incomplete first step, with messages beside the fields.
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();

  await dialog.getByLabel("First name").fill("Robin");
  await dialog.getByLabel("Last name").fill("Hale");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("robin-password");
  await dialog.getByLabel("Relationship to the child").selectOption("father");
  await dialog.getByLabel("Learn for fun and personal enjoyment").check();
  await dialog.getByRole("button", { name: "Next" }).click();

  await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
  await dialog.getByRole("button", { name: "← Back" }).click();
  await expect(dialog.getByLabel("First name")).toHaveValue("Robin");
  await dialog.getByRole("button", { name: "Next" }).click();

  await dialog.getByLabel("Student first name").fill("Ivy");
  await dialog.getByLabel("Student last name").fill("Hale");
  await dialog.getByLabel("Age").fill("100");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByText("Age must be between 0 and 99")).toBeVisible();
  await dialog.getByLabel("Age").fill("8");
  await dialog.getByLabel("Jazz").check();
  await dialog.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByText("Your account is ready!")).toBeVisible();
  await expect(page).toHaveURL(/\/find-teachers$/, { timeout: 5000 });
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText(email);
  await page.getByRole("menuitem", { name: "Delete Account" }).click();
  const deletion = page.getByRole("dialog", { name: "Delete Account" });
  await deletion.getByLabel("Current password").fill("robin-password");
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();

  await openSignIn(page);
  await fillSignIn(page, "Parent", email, "robin-password");
  await expect(page.getByRole("dialog", { name: "Sign In" }).getByRole("status")).toContainText("Incorrect email or password.");
});

test("/signup/parent opens the same flow", async ({ page }) => {
  await page.goto("/signup/parent");
  await expect(page.getByRole("heading", { name: "Create a Parent Account", level: 1 })).toBeVisible();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
});
