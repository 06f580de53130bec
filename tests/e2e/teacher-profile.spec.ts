import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { PublicTeacherProfile } from "../../src/shared/teachers/public-profile.schemas";
import { DEMO_PARENT, fillSignIn } from "./helpers";

// Demo data: Taylor Morgan (teacher@demo.test) teaches piano in Manhattan, both in person and
// online; the seed invents no reviews.

const SEARCH = "/find-teachers?instrument=piano&location=New+York%2C+NY";

async function openTaylorFromSearch(page: Page) {
  await page.goto(SEARCH);
  await expect(page.getByRole("heading", { name: /^\d+ Teachers? Available$/ })).toBeVisible();
  const card = page
    .getByRole("list", { name: "Teachers" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Taylor Morgan" }) });
  await card.getByRole("link", { name: /^View .+ Profile$/ }).click();
  await expect(page).toHaveURL(/\/teacher\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Taylor Morgan" })).toBeVisible();
  return page.url().split("/").pop()!;
}

test("a visitor opens a teacher's profile from the search, sees real figures, and goes back to the same search", async ({ page }) => {
  const teacherId = await openTaylorFromSearch(page);
  const profile = (await (await page.request.get(`/api/teachers/${teacherId}/public`)).json()) as PublicTeacherProfile;
  const rate = `$${profile.hourlyRateMin}-${profile.hourlyRateMax}`;

  // Header: name, first instrument, place, online note, the two tiles with the teacher's own rate.
  const header = page.locator("main header");
  await expect(header).toContainText("Piano Teacher");
  await expect(header).toContainText("New York, NY");
  await expect(header).toContainText("Available for online lessons");
  await expect(header.getByRole("term").filter({ hasText: "Intro Call" })).toBeVisible();
  await expect(header.getByRole("definition").first()).toHaveText(/15 min\s*Free/);
  await expect(header.getByRole("definition").nth(1)).toHaveText(new RegExp(`60 min\\s*\\${rate}`));
  await expect(header).toContainText("New — no reviews yet");

  // Sections, with no invented data.
  await expect(page.getByText("This teacher hasn't uploaded a video yet.")).toBeVisible();
  await expect(page.getByRole("region", { name: "About" })).toContainText(profile.teachingStyleDescription.slice(0, 40));
  await expect(page.getByRole("region", { name: "Teaching Methods" })).toContainText("Traditional");
  await expect(page.getByRole("region", { name: "Age Groups" })).toContainText("All Ages");
  await expect(page.getByRole("region", { name: "Reviews" })).toContainText("No reviews yet");

  // The booking panel shows the teacher's prices.
  const panel = page.getByRole("complementary", { name: "Book a Lesson" });
  await expect(panel.getByRole("button", { name: /Book Introduction Call/ })).toContainText("Free, 15-minute call");
  await expect(panel.getByRole("button", { name: /Book a Lesson/ })).toContainText(`${rate}/hour, price varies`);

  // Back to Search returns to the search as it was.
  await page.getByRole("link", { name: "Back to Search" }).click();
  await expect(page).toHaveURL(SEARCH);
  await expect(page.getByLabel("Location")).toHaveValue("New York, NY");
  await expect(page.getByLabel("Instrument")).toHaveValue("piano");
});

test("Message asks a visitor to sign in, then opens the conversation with the teacher in the drawer; nothing is sent", async ({ page }) => {
  await openTaylorFromSearch(page);
  const profileUrl = page.url();
  await page.getByRole("button", { name: "Message Taylor" }).click();
  await fillSignIn(page, "Parent", DEMO_PARENT);
  // Signing in keeps the parent on the profile, with the Messages drawer open.
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeHidden();
  await expect(page).toHaveURL(/[?&]message=1$/);
  const dialog = page.getByRole("dialog", { name: "Message Taylor" });
  await expect(dialog.getByRole("textbox", { name: "Message Taylor" })).toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Send" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(profileUrl);
  // Still signed in as a parent: the review form shows exactly when the server says the parent may
  // review (an accepted lesson, which another journey may have created), and says why otherwise.
  const teacherId = new URL(profileUrl).pathname.split("/").pop()!;
  const eligibility = (await (await page.request.get(`/api/teachers/${teacherId}/reviews/eligibility`)).json()) as { canReview: boolean };
  if (eligibility.canReview) {
    await expect(page.getByRole("button", { name: "Write a review" })).toBeVisible();
  } else {
    await expect(page.getByRole("region", { name: "Reviews" })).toContainText(
      "You can review Taylor after one of your lessons with them has been accepted.",
    );
    await expect(page.getByRole("button", { name: "Write a review" })).toHaveCount(0);
  }
});

test("an unknown or malformed profile id shows Teacher Not Found with a way back @phone", async ({ page }) => {
  for (const id of [randomUUID(), "not-a-teacher"]) {
    await page.goto(`/teacher/profile/${id}?studentId=${encodeURIComponent("3f0c8a8e-1d2b-4c5d-8e9f-0a1b2c3d4e5f")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Teacher Not Found" })).toBeVisible();
    await expect(page.getByText("This teacher profile does not exist or has been removed")).toBeVisible();
  }
  // A direct visit goes to the search, keeping the student being booked for.
  await page.getByRole("link", { name: "Back to Search" }).click();
  await expect(page).toHaveURL(/\/find-teachers\?studentId=3f0c8a8e-1d2b-4c5d-8e9f-0a1b2c3d4e5f$/);
});

test("the booking panel sits beside the profile on a desktop and after it on a phone @phone", async ({ page }) => {
  await openTaylorFromSearch(page);
  const panel = await page.getByRole("complementary", { name: "Book a Lesson" }).boundingBox();
  const reviews = await page.getByRole("region", { name: "Reviews" }).boundingBox();
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  if (phone) {
    expect(panel!.y).toBeGreaterThan(reviews!.y + reviews!.height - 1);
  } else {
    expect(panel!.x).toBeGreaterThan(reviews!.x + reviews!.width - 1);
    // Sticky: still in view after scrolling to the reviews.
    await page.getByRole("region", { name: "Reviews" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("complementary", { name: "Book a Lesson" })).toBeInViewport();
  }
});
