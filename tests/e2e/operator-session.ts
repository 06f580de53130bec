import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_OPERATOR_EMAIL, ownServer } from "./e2e-env";
import { lastMailLink } from "./outbox";

/** The password the e2e operator chooses through its emailed "Set your password" link. */
export const E2E_OPERATOR_PASSWORD = "operator-e2e-password";

async function operatorSignInWorks(api: APIRequestContext): Promise<boolean> {
  const response = await api.post("/api/session/operator", { data: { email: E2E_OPERATOR_EMAIL, password: E2E_OPERATOR_PASSWORD } });
  return response.ok();
}

/**
 * Once per run (the server starts on a fresh data directory): the e2e operator (OPERATOR_EMAILS)
 * sets its password through the emailed link. With a page, exactly as a person does (open the
 * link, type the password twice); without, through the same endpoints. Later calls find the
 * password already set and do nothing. Returns whether this call set it.
 */
export async function ensureOperatorPassword(page?: Page): Promise<boolean> {
  const { baseURL } = ownServer();
  const probe = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    if (await operatorSignInWorks(probe)) return false;
    const link = await lastMailLink(E2E_OPERATOR_EMAIL, "operator-set-password");
    if (page) {
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(E2E_OPERATOR_PASSWORD);
      await page.getByLabel("Confirm new password").fill(E2E_OPERATOR_PASSWORD);
      await page.getByRole("button", { name: "Set password" }).click();
      await expect(page.getByText("Your password is set.")).toBeVisible();
    } else {
      // better-auth checks the token and redirects to /reset-password?token=…, as for the browser.
      const redirect = await probe.get(link, { maxRedirects: 0 });
      const token = new URL(redirect.headers().location ?? "", baseURL).searchParams.get("token");
      if (!token) throw new Error(`the set-your-password link did not give a token: ${redirect.status()}`);
      const reset = await probe.post("/api/auth/reset-password", { data: { newPassword: E2E_OPERATOR_PASSWORD, token } });
      if (!reset.ok()) throw new Error(`setting the operator's password failed: ${reset.status()} ${await reset.text()}`);
    }
    if (!(await operatorSignInWorks(probe))) throw new Error("the operator cannot sign in with the password just set");
    return true;
  } finally {
    await probe.dispose();
  }
}

/** An API client signed in as the e2e operator (its own cookie jar). Dispose it after use. */
export async function operatorApi(): Promise<APIRequestContext> {
  await ensureOperatorPassword();
  const { baseURL } = ownServer();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  if (!(await operatorSignInWorks(api))) throw new Error("operator sign-in failed");
  return api;
}

/** Signs the page in at /operator through the desk's own form; ends on the operator home. */
export async function signInOperatorPage(page: Page): Promise<void> {
  await ensureOperatorPassword();
  await page.goto("/operator");
  await expect(page.getByRole("heading", { level: 1, name: "Operator sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(E2E_OPERATOR_EMAIL);
  await page.getByLabel("Password (required)", { exact: true }).fill(E2E_OPERATOR_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operator desk" })).toBeVisible();
}
