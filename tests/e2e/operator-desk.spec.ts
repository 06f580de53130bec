import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { OperatorOverview } from "../../src/shared/operator/operator.schemas";
import { expect, test } from "./fixtures";
import { ensureOperatorPassword, operatorApi, signInOperatorPage } from "./operator-session";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Nothing wider than the window: a phone never scrolls the desk sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("the operator sets the password through the emailed link, signs in at /operator, sees the real figures and the audit trail @phone", async ({ page }) => {
  // The first spec of the run to need the operator sets the password, here through the page.
  await ensureOperatorPassword(page);

  await signInOperatorPage(page);
  await expect(page.getByRole("heading", { level: 2, name: "Activity in the last 7 days" })).toBeVisible();
  const api = await operatorApi();
  try {
    const overview = (await (await api.get("/api/operator/overview")).json()) as OperatorOverview;
    const figures: [string, number][] = [
      ["Applications waiting for review", overview.applicationsWaiting],
      ["Open reports", overview.openReports],
      ["Suspended accounts", overview.suspendedAccounts],
      ["New parents", overview.signUps.parents],
      ["New teachers", overview.signUps.teachers],
      ["Booking requests", overview.bookingRequests],
      ["Lessons held", overview.lessons],
      ["Messages sent", overview.messages],
    ];
    for (const [label, value] of figures) await expect(page.getByTestId(`figure-${label}`)).toHaveText(String(value));
    // The demo seed's parents and teacher signed up just now: the week's figures are not all zero.
    expect(overview.signUps.parents + overview.signUps.teachers).toBeGreaterThan(0);
  } finally {
    await api.dispose();
  }
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  const nav = page.getByRole("navigation", { name: "Operator desk" });
  for (const name of ["Home", "Applications", "Reports", "Audit"]) await expect(nav.getByRole("link", { name })).toBeVisible();
  await nav.getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
  await expect(page.getByText(/No operator actions yet|Reason:/).first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  // A half-filled filter says what is missing instead of asking the server.
  await page.getByLabel("Its id").fill("not-chosen-kind");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("alert")).toContainText("Choose what the action was about");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operator sign in" })).toBeVisible();
  await page.goto("/operator/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Operator sign in" })).toBeVisible();
});

test("signed out, /operator shows the desk's own sign-in, and the public Sign In offers only parent and teacher @phone", async ({ page }) => {
  await page.goto("/operator");
  await expect(page.getByRole("heading", { level: 1, name: "Operator sign in" })).toBeVisible();
  await page.getByLabel("Email").fill("operator@e2e.test");
  await page.getByLabel("Password (required)", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("radio")).toHaveCount(2);
  await expect(dialog.getByText(/operator/i)).toHaveCount(0);
});
