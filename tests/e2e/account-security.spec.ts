import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { fillSignIn, openSignIn } from "./helpers";
import { lastMailLink } from "./outbox";

async function signUpParent(page: Page, email: string, password: string) {
  await page.goto("/signup/parent");
  await page.getByLabel("First name").fill("Casey");
  await page.getByLabel("Last name").fill("Lin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Student first name").fill("Ada");
  await page.getByLabel("Student last name").fill("Lin");
  await page.getByLabel("Age").fill("9");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/find-teachers$/, { timeout: 10_000 });
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
}

test("a new parent's whole journey: sign-up, students and repertoire, settings, two-factor, password reset, account deletion", async ({
  page,
}) => {
  const email = `security-${Date.now()}@example.test`;
  await signUpParent(page, email, "first-password");

  // A second student; edit and cancel restores the saved values.
  await page.goto("/parent/student-profiles");
  await page.getByRole("button", { name: "Add New Student" }).click();
  const add = page.getByRole("dialog", { name: "Add New Student" });
  await add.getByLabel("First Name").fill("Ben");
  await add.getByLabel("Last Name").fill("Lin");
  await add.getByLabel("Age").fill("6");
  await add.getByRole("button", { name: "Add Student" }).click();
  await expect(add).toBeHidden();
  const cards = page.getByRole("list", { name: "Students" }).getByRole("link");
  await expect(cards).toHaveCount(2);
  await cards.filter({ hasText: "Ben Lin" }).click();
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("First Name").fill("Changed");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ben Lin" })).toBeVisible();

  // A repertoire entry, deleted with the two-step confirm.
  const repertoire = page.getByRole("region", { name: "Repertoire History" });
  await repertoire.getByRole("button", { name: "Add Repertoire" }).click();
  await repertoire.getByLabel("Title").fill("Ode to Joy");
  await repertoire.getByLabel("Composer").fill("Beethoven");
  await repertoire.getByLabel("Genre").selectOption("Classical");
  await repertoire.getByLabel("Completion Date").fill(await page.evaluate(() => new Date().toLocaleDateString("sv-SE")));
  await repertoire.getByRole("button", { name: "Save Piece" }).click();
  await expect(repertoire.getByRole("list", { name: "Repertoire" }).getByRole("listitem")).toHaveCount(1);
  await repertoire.getByRole("button", { name: "Delete Ode to Joy" }).click();
  await repertoire.getByRole("button", { name: "Confirm delete" }).click();
  await expect(repertoire).toContainText("No pieces recorded yet.");

  // Settings survive a reload.
  await page.goto("/settings");
  await page.getByLabel("Location").fill("Portland, OR");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Location")).toHaveValue("Portland, OR");

  // Enrol: the key shown next to the QR code is what an authenticator app would scan.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Two-Factor Authentication" }).click();
  const dialog = page.getByRole("dialog", { name: "Two-Factor Authentication" });
  await dialog.getByLabel("Confirm your password").fill("first-password");
  await dialog.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await dialog.getByTestId("totp-key").innerText()).replace(/\s/g, "");
  const code = () => createOTP(base32.decode(key)).totp();
  await dialog.getByLabel("Enter the 6-digit code from the app to finish").fill(await code());
  await dialog.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(dialog.getByText("Two-factor authentication is on. You will be asked for a code when you sign in.")).toBeVisible();
  await page.keyboard.press("Escape");
  await signOut(page);

  // Sign in: password, then the code.
  await openSignIn(page);
  await fillSignIn(page, "Parent", email, "first-password");
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await signIn.getByLabel("Authentication code").fill("000000");
  await signIn.getByRole("button", { name: "Verify" }).click();
  await expect(signIn.getByRole("alert")).toContainText("That code is not correct. Please try again.");
  await signIn.getByLabel("Authentication code").fill(await code());
  await signIn.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // Forgot password → the emailed link → a new password.
  await openSignIn(page);
  await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Forgot password?" }).click();
  const forgot = page.getByRole("dialog", { name: "Reset your password" });
  await forgot.getByLabel("Email").fill(email);
  await forgot.getByRole("button", { name: "Send reset link" }).click();
  await expect(forgot.getByText(`If an account exists for ${email}`)).toBeVisible();
  await page.goto(await lastMailLink(email, "password-reset"));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("second-password");
  await page.getByLabel("Confirm new password").fill("second-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await fillSignIn(page, "Parent", email, "second-password");
  await page.getByRole("dialog", { name: "Sign In" }).getByLabel("Authentication code").fill(await code());
  await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Login history lists this browser.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Login History" }).click();
  const history = page.getByRole("dialog", { name: "Login History" });
  await expect(history.getByText("This device")).toBeVisible();
  await expect(history.getByText(/Chrome/).first()).toBeVisible();
  // The browser runs on the server's machine: its loopback address reads as this computer, never 0000:….
  await expect(history.getByText(/This computer \((127\.0\.0\.1|::1)\)/).first()).toBeVisible();
  await expect(history).not.toContainText("0000:");
  await page.keyboard.press("Escape");

  // Delete the account, confirmed with a fresh code (two-factor is on): signed out, and the credentials no longer work.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Delete Account" }).click();
  const deletion = page.getByRole("dialog", { name: "Delete Account" });
  await deletion.getByLabel("Authentication code").fill(await code());
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await openSignIn(page);
  await fillSignIn(page, "Parent", email, "second-password");
  await expect(page.getByRole("dialog", { name: "Sign In" }).getByRole("status")).toContainText("Incorrect email or password.");
});

test("signing in with an unconfirmed address opens Check Your Email, and Resend works", async ({ page }) => {
  // The e2e server does not require verification; answer as a server that does (REQUIRE_EMAIL_VERIFICATION=true,
  // covered end to end in src/server/auth/account-security.integration.test.ts).
  await page.route("**/api/session", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "forbidden", message: "Please confirm your email address before signing in.", reason: "email_not_verified" },
      }),
    });
  });
  let resent: unknown = null;
  await page.route("**/api/auth/send-verification-email", async (route) => {
    resent = route.request().postDataJSON();
    await route.fulfill({ status: 200, contentType: "application/json", body: '{"status":true}' });
  });
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Parent", "Waiting@Example.test", "whatever-password");
  const dialog = page.getByRole("dialog", { name: "Check Your Email" });
  await expect(dialog).toContainText("waiting@example.test");
  await expect(dialog).toContainText("Your account can't be used until you confirm your email address.");
  await dialog.getByRole("button", { name: "Resend Confirmation Email" }).click();
  await expect(dialog.getByText("Confirmation email has been resent successfully!")).toBeVisible();
  expect(resent).toMatchObject({ email: "waiting@example.test" });
  await dialog.getByRole("button", { name: "Return to Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
});
