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

/**
 * Accepting a full lesson or a series asks for the price per lesson (issue 28): confirms the
 * prefilled suggestion, or types `price` (dollars) first.
 */
export async function confirmAcceptPrice(page: Page, price?: string) {
  const dialog = page.getByRole("dialog", { name: /^Accept .+'s request$/ });
  if (price !== undefined) await dialog.getByLabel("Price per lesson").fill(price);
  await dialog.getByRole("button", { name: "Accept", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}
