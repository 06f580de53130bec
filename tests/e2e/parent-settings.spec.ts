import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type E2EAccount } from "./fixtures";
import { fillSignIn } from "./helpers";

async function signInTo(page: Page, path: string, parent: E2EAccount) {
  await page.goto(path);
  // The guard sends a signed-out visitor to / with Sign In open; afterwards they continue here.
  await fillSignIn(page, "Parent", parent.email, parent.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Turns a switch on or off whatever it shows now. */
async function setSwitch(page: Page, name: string, on: boolean) {
  const control = page.getByRole("switch", { name });
  if ((await control.getAttribute("aria-checked")) !== String(on)) await control.click();
  await expect(control).toHaveAttribute("aria-checked", String(on));
}

test("a parent changes settings that survive a reload, then sees the dashboard with real figures", async ({ page, parent }) => {
  // A second student besides the one of sign-up, so the dashboard counts two.
  expect((await parent.api.post("/api/students", { data: { firstName: "Leo", lastName: "Rivera", age: 11 } })).status()).toBe(201);
  await signInTo(page, "/settings", parent);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Profile Information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Notification Preferences" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(parent.email);
  await expect(page.getByLabel("Email", { exact: true })).not.toBeEditable();
  await expect(page.getByText("Email cannot be changed")).toBeVisible();
  await expect(page.getByLabel("Location")).toHaveAttribute("placeholder", "City, State");

  // A required name is checked before anything is sent.
  await page.getByLabel("First Name").fill("  ");
  await expect(page.getByText("First name is required")).toBeVisible();
  await page.getByLabel("First Name").fill("Jordan");
  await expect(page.getByText("First name is required")).toBeHidden();

  const suffix = String(Date.now() % 10_000).padStart(4, "0");
  const phone = `(212) 555-${suffix}`;
  const location = `Queens, NY ${suffix}`;
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Location").fill(location);
  await setSwitch(page, "SMS notifications", true);
  // SMS comes on top of email: the email switch stays on while SMS is on.
  await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Email notifications" })).toBeDisabled();
  await setSwitch(page, "Message teachers from student and class pages", false);

  await page.getByRole("button", { name: "Save Changes" }).click();
  const saved = page.getByText("Settings saved successfully!");
  await expect(saved).toBeVisible();
  // The banner shows for 3 seconds.
  await expect(saved).toBeHidden({ timeout: 6_000 });

  await page.reload();
  await expect(page.getByLabel("Phone")).toHaveValue(phone);
  await expect(page.getByLabel("Location")).toHaveValue(location);
  await expect(page.getByRole("switch", { name: "SMS notifications" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Message teachers from student and class pages" })).toHaveAttribute("aria-checked", "false");

  // Security opens the account-security dialogs.
  const security = page.getByRole("region", { name: "Security" });
  await security.getByRole("button", { name: "Change Password" }).click();
  const change = page.getByRole("dialog", { name: "Change Password" });
  await expect(change).toBeVisible();
  // A wrong current password is named beside its field (not better-auth's "Invalid password").
  await change.getByLabel("Current password").fill("not-the-password");
  await change.getByLabel("New password", { exact: true }).fill("another-good-one");
  await change.getByLabel("Confirm new password").fill("another-good-one");
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(change.getByText("Your current password is not correct")).toBeVisible();
  await expect(change.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // The dashboard.
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Jordan!" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(parent.email);
  await expect(page.getByRole("main")).toContainText("Mother");
  // The card shows what the API counts: this parent's two students.
  const response = await page.request.get("/api/parents/me/dashboard");
  const { counts } = (await response.json()) as { counts: { students: number; activeClasses: number } };
  expect(counts.students).toBe(2);
  const students = page.getByRole("link", { name: /My Students/ });
  await expect(students).toHaveAttribute("href", "/parent/student-profiles");
  await expect(students.getByText(String(counts.students), { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Classes/ })).toHaveAttribute("href", "/manage");
  await expect(page.getByRole("link", { name: "Open calendar" })).toHaveAttribute("href", "/parent/calendar");
  await expect(page.getByRole("link", { name: "Schedule Class" })).toHaveAttribute("href", "/find-teachers");
  // No "Make Payment": no payment is taken in the app; the panel says so and points at Billing.
  await expect(page.getByRole("link", { name: "Make Payment" })).toHaveCount(0);
  await expect(page.getByText("Payments are made directly to your teachers", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "See your lessons in Billing" })).toHaveAttribute("href", "/billing");

  // Update Security lands on the Security section of the settings.
  await page.getByRole("link", { name: "Update Security" }).click();
  await expect(page).toHaveURL(/\/settings#security$/);
  await expect(page.getByRole("region", { name: "Security" })).toBeInViewport();
});

test("dashboard and settings fit a phone and have no serious accessibility violations @phone", async ({ page, parent }) => {
  const check = async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  };
  await signInTo(page, "/dashboard", parent);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Jordan!" })).toBeVisible();
  await check();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Profile Information" })).toBeVisible();
  await check();
});
