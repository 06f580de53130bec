import { expect, test } from "./fixtures";

// Signing out on a guarded page must not look like a visitor who was sent away from it (Home with Sign In open):
// under a slow CPU the page being left used to render once more without the user. Chromium only (CPU throttling).
test("sign-out from a guarded page under a slow CPU lands on Home without Sign In", async ({ page }) => {
  const email = `race-${Date.now()}@example.test`;
  await page.goto("/signup/parent");
  await page.getByLabel("First name").fill("Casey");
  await page.getByLabel("Last name").fill("Lin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first-password");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Student first name").fill("Ada");
  await page.getByLabel("Student last name").fill("Lin");
  await page.getByLabel("Age").fill("9");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/find-teachers$/, { timeout: 10_000 });
  await page.goto("/settings");
  await expect(page.getByRole("button", { name: "Two-Factor Authentication" })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(3000); // the user lookup after sign-out has come back by now
  await expect(page.getByRole("dialog", { name: "Sign In" })).toHaveCount(0);
  expect(page.url()).not.toContain("next=");
});
