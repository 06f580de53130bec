import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password";
export const DEMO_PARENT = "parent@demo.test";
export const DEMO_TEACHER = "teacher@demo.test";

/** Fills the open Sign In modal: role first (the button is disabled until then), then credentials. */
export async function fillSignIn(page: Page, role: "Parent" | "Teacher", email: string, password = DEMO_PASSWORD) {
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await dialog.getByRole("radio", { name: role }).click();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

export async function openSignIn(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
}
