import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, makeDiscoverable, test } from "./fixtures";
import { fillSignIn } from "./helpers";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("a teacher switches discovery, edits settings and manages weekly availability", async ({ page, teacher }) => {
  // A long journey (three axe runs) on a shared machine: triple the timeout.
  test.slow();
  // The test's own teacher (New York, 09:00-17:00 every day), visible in search like an established one.
  await makeDiscoverable(teacher);
  // The guard sends a signed-out visitor to / with Sign In open; afterwards they continue here.
  await page.goto("/teacher-landing");
  await fillSignIn(page, "Teacher", teacher.email, teacher.password);
  await expect(page).toHaveURL(/\/teacher-landing$/);
  await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${teacher.firstName}!` })).toBeVisible();

  // Real figures: the tiles show what the API counts (a new teacher: no requests yet).
  const stats = (await (await page.request.get("/api/teachers/me/dashboard")).json()) as {
    pendingRequests: number;
    stats: Record<string, number>;
  };
  const figures = page.getByRole("region", { name: "Your figures" });
  const tile = (label: string) =>
    figures.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).getByRole("definition");
  expect(stats.pendingRequests).toBe(0);
  await expect(tile("Pending requests")).toHaveText(String(stats.pendingRequests));
  for (const label of ["Lessons in the next 7 days", "Active students", "Active classes"]) {
    await expect(tile(label)).toHaveText(/^\d+$/);
  }
  await expect(page.getByRole("region", { name: "Requests" })).toContainText(`${stats.pendingRequests} pending`);
  await expectNoSeriousViolations(page);

  // Discovery off, then on; each change says so for 3 seconds and survives a reload.
  const discovery = page.getByRole("switch", { name: /Discoverable in search/ });
  await expect(discovery).toBeChecked();
  await discovery.click();
  await expect(page.getByText("You are hidden from search.")).toBeVisible();
  await expect(discovery).not.toBeChecked();
  await expect(page.getByText("You are hidden from search.")).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expect(discovery).not.toBeChecked();
  await discovery.click();
  await expect(page.getByText("You are now visible in search.")).toBeVisible();
  await expect(discovery).toBeChecked();

  // Payment Settings explains that no payment goes through the app.
  await page.getByRole("button", { name: "Payment Settings" }).click();
  const payments = page.getByRole("dialog", { name: "Payment Settings" });
  await expect(payments).toContainText("Payments are not taken in the app.");
  await page.keyboard.press("Escape");
  await expect(payments).toBeHidden();

  // Settings: the email is read-only; the rate order is checked before saving; saved edits survive a reload.
  await page.getByRole("link", { name: "Edit my profile" }).click();
  await expect(page).toHaveURL(/\/teacher\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(teacher.email);
  await expect(page.getByLabel("Email", { exact: true })).not.toBeEditable();
  await expectNoSeriousViolations(page);
  const bio = `Piano for every age, from first notes to recitals (${Date.now() % 100_000}).`;
  await page.getByLabel("Bio").fill(bio);
  await page.getByLabel("Maximum hourly rate ($)").fill("50");
  await expect(page.getByText("Minimum hourly rate cannot be greater than maximum rate")).toBeVisible();
  await page.getByLabel("Maximum hourly rate ($)").fill("95");
  await expect(page.getByText("Minimum hourly rate cannot be greater than maximum rate")).toBeHidden();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Bio")).toHaveValue(bio);
  await expect(page.getByLabel("Maximum hourly rate ($)")).toHaveValue("95");

  // Weekly availability: this teacher applied with 09:00-17:00 every day.
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.getByRole("link", { name: "Set my availability" }).click();
  await expect(page).toHaveURL(/\/teacher\/schedule\?tab=availability$/);
  await expect(page.getByRole("tab", { name: "Availability" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Times are in America/New York")).toBeVisible();
  await expectNoSeriousViolations(page);
  const sunday = page.getByRole("listitem", { name: "Sunday" });
  await expect(sunday).toContainText("9:00 AM – 5:00 PM");

  const form = page.getByRole("region", { name: "Add Time Slot" });
  await form.getByLabel("Day", { exact: true }).selectOption("Sunday");
  await form.getByLabel("Start time").fill("18:00");
  await form.getByLabel("End time").fill("17:30");
  await expect(form.getByText("End time must be after start time")).toBeVisible();
  // An overlap is the server's call.
  await form.getByLabel("Start time").fill("16:00");
  await form.getByLabel("End time").fill("19:00");
  await form.getByRole("button", { name: "Add Time Slot" }).click();
  await expect(form.getByText("This time overlaps another window on Sunday.")).toBeVisible();

  await form.getByLabel("Start time").fill("18:00");
  await form.getByLabel("Lesson format").selectOption("online");
  await form.getByRole("button", { name: "Add Time Slot" }).click();
  await expect(sunday).toContainText("6:00 PM – 7:00 PM");
  await expect(sunday).toContainText("Online");
  await page.reload();
  await expect(sunday).toContainText("6:00 PM – 7:00 PM");

  await sunday.getByRole("button", { name: "Delete Sunday 6:00 PM – 7:00 PM" }).click();
  await expect(sunday).not.toContainText("6:00 PM – 7:00 PM");
  await expect(sunday).toContainText("9:00 AM – 5:00 PM");
  await page.reload();
  await expect(sunday).not.toContainText("6:00 PM");
});
