import { expect, test } from "./fixtures";
import { fillSignIn, openSignIn } from "./helpers";

test("a parent signs in from the landing page, sees the dashboard shortcut, and signs out", async ({ page, parent }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Parent", `  ${parent.email.toUpperCase()} `, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Jordan!" })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("link", { name: "Go to Parent Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu")).toContainText(parent.email);
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("a teacher lands on /teacher-landing", async ({ page, teacher }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Teacher", teacher.email, teacher.password);
  await expect(page).toHaveURL(/\/teacher-landing$/);
  await expect(page.getByRole("link", { name: "Go to Teacher Dashboard" })).toBeVisible();
});

test("signing in as Teacher with the parent's account shows the missing-role message", async ({ page, parent }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Teacher", parent.email, parent.password);
  await expect(page.getByRole("alert")).toHaveText(
    "No teacher account found for this email address. Please sign up as a teacher first.",
  );
  await expect(page).toHaveURL(/\/$/);
});

test("a wrong password says so without revealing whether the email exists", async ({ page, parent }) => {
  await page.goto("/");
  await openSignIn(page);
  await fillSignIn(page, "Parent", parent.email, "wrong-password");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("status")).toContainText("Incorrect email or password.");
  await expect(dialog.getByRole("button", { name: "Create an Account" })).toBeVisible();
});

test("a signed-out visit to /dashboard goes to / and continues there after sign-in", async ({ page, parent }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await fillSignIn(page, "Parent", parent.email, parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a parent on /teacher-landing is sent to Access Denied", async ({ page, parent }) => {
  await page.goto("/parent/student-profiles");
  await fillSignIn(page, "Parent", parent.email, parent.password);
  await expect(page).toHaveURL(/\/parent\/student-profiles$/);
  await page.goto("/teacher-landing");
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: "Home" })).toBeVisible();
});

test("/class/… admits any signed-in role", async ({ page, teacher }) => {
  await page.goto("/class/abc");
  await fillSignIn(page, "Teacher", teacher.email, teacher.password);
  await expect(page).toHaveURL(/\/class\/abc$/);
  await expect(page.getByRole("heading", { name: "Class" })).toBeVisible();
});
