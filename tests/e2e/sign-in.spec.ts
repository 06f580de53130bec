import { expect, test } from "@playwright/test";
import { DEMO_PARENT, DEMO_TEACHER, fillSignIn, openSignIn } from "./helpers";

test("a parent signs in from the landing page, sees the dashboard shortcut, and signs out", async ({ page }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Parent", `  ${DEMO_PARENT.toUpperCase()} `);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Jordan!" })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("link", { name: "Go to Parent Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText(DEMO_PARENT);
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("a teacher lands on /teacher-landing", async ({ page }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Teacher", DEMO_TEACHER);
  await expect(page).toHaveURL(/\/teacher-landing$/);
  await expect(page.getByRole("link", { name: "Go to Teacher Dashboard" })).toBeVisible();
});

test("signing in as Teacher with the parent's account shows the missing-role message", async ({ page }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Teacher", DEMO_PARENT);
  await expect(page.getByRole("alert")).toHaveText(
    "No teacher account found for this email address. Please sign up as a teacher first.",
  );
  await expect(page).toHaveURL(/\/$/);
});

test("a wrong password says so without revealing whether the email exists", async ({ page }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Parent", DEMO_PARENT, "wrong-password");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("status")).toContainText("Incorrect email or password.");
  await expect(dialog.getByRole("button", { name: "Create an Account" })).toBeVisible();
});

test("a signed-out visit to /dashboard goes to / and continues there after sign-in", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await fillSignIn(page, "Parent", DEMO_PARENT);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the demo parent on /teacher-landing is sent to Access Denied", async ({ page }) => {
  await page.goto("/parent/student-profiles");
  await fillSignIn(page, "Parent", DEMO_PARENT);
  await expect(page).toHaveURL(/\/parent\/student-profiles$/);
  await page.goto("/teacher-landing");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: "Home" })).toBeVisible();
});

test("/class/… admits any signed-in role", async ({ page }) => {
  await page.goto("/class/abc");
  await fillSignIn(page, "Teacher", DEMO_TEACHER);
  await expect(page).toHaveURL(/\/class\/abc$/);
  await expect(page.getByRole("heading", { name: "Class" })).toBeVisible();
});
