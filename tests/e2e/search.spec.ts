import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Demo data: 64 discoverable teachers, all new (no reviews yet); 18 teach piano, 3 of them
// within 10 miles of New York (Taylor Morgan in Manhattan, two in Brooklyn).

const results = (page: Page) => page.getByRole("list", { name: "Teachers" });
const cardNames = (page: Page) => results(page).getByRole("article").getByRole("heading", { level: 3 });

test("search from the landing page, refine, load more, remove chips, open a profile and come back", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Instrument").fill("piano");
  await page.getByLabel("Location").fill("New York, NY");
  await page.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/find-teachers\?instrument=piano&location=New\+York%2C\+NY$/);
  await expect(page.getByRole("heading", { name: "3 Teachers Available" })).toBeVisible();
  await expect(page.getByLabel("Instrument")).toHaveValue("piano");
  await expect(page.getByLabel("Location")).toHaveValue("New York, NY");
  await expect(results(page).getByText("Less than 1 mile away")).toBeVisible();
  await expect(results(page).getByText("4 miles away")).toHaveCount(2);
  await expect(cardNames(page).first()).toHaveText("Taylor Morgan");
  for (const chip of ["Piano", "New York, NY", "Within 10 miles", "4.0+ stars"]) {
    await expect(page.getByRole("button", { name: `Remove filter: ${chip}` })).toBeVisible();
  }

  // Sort: the most expensive Brooklyn teacher ($85-120) comes first.
  await page.getByLabel("Sort by").selectOption({ label: "Price High to Low" });
  await expect(cardNames(page).first()).toHaveText("Omar Haddad");
  await expect(page).toHaveURL(/sort=price-desc/);
  await page.getByLabel("Sort by").selectOption({ label: "Price Low to High" });
  await expect(cardNames(page).first()).toHaveText("Taylor Morgan");

  // Rating: these teachers have no reviews yet, so a higher minimum does not hide them (decisions.md).
  await page.getByLabel("Rating").selectOption({ label: "4.5+ stars" });
  await expect(page.getByRole("button", { name: "Remove filter: 4.5+ stars" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "3 Teachers Available" })).toBeVisible();
  await expect(results(page).getByText("New", { exact: true })).toHaveCount(3);

  // Distance: any distance lists every piano teacher, with real distances from New York.
  await page.getByLabel("Distance").selectOption({ label: "Any distance" });
  await expect(page.getByRole("heading", { name: "18 Teachers Available" })).toBeVisible();
  await expect(cardNames(page)).toHaveCount(9);
  await expect(page.getByRole("button", { name: "Remove filter: Within 10 miles" })).toHaveCount(0);
  await expect(results(page).getByText(/^\d{3,} miles away$/).first()).toBeVisible();

  // Load More appends the next page of 9.
  await page.getByRole("button", { name: "Load More Teachers" }).click();
  await expect(cardNames(page)).toHaveCount(18);
  await expect(page.getByRole("button", { name: "Load More Teachers" })).toHaveCount(0);

  // Removing the instrument chip widens the search to every instrument and starts at page 1 again.
  await page.getByRole("button", { name: "Remove filter: Piano" }).click();
  await expect(page.getByRole("heading", { name: "64 Teachers Available" })).toBeVisible();
  await expect(cardNames(page)).toHaveCount(9);
  await expect(page.getByLabel("Instrument")).toHaveValue("");
  await page.getByRole("button", { name: "Remove filter: 4.5+ stars" }).click();
  await expect(page.getByRole("button", { name: /Remove filter: 4\.\d\+ stars/ })).toHaveCount(0);
  // One chip left (the place): no Clear all.
  await expect(page.getByRole("button", { name: "Remove filter: New York, NY" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear all" })).toHaveCount(0);

  // Typing a place searches 500 ms after the last keystroke.
  await page.getByLabel("Distance").selectOption({ label: "Within 25 miles" });
  await page.getByLabel("Location").fill("Austin, TX");
  await expect(page).toHaveURL(/location=Austin%2C\+TX/);
  await expect(page.getByRole("heading", { name: /^\d+ Teachers? Available$/ })).toBeVisible();
  await expect(results(page).getByText("Austin, TX").first()).toBeVisible();
  const searchUrl = page.url();

  // Open a profile and come back with its Back to Search link: the search is as it was.
  const firstName = await cardNames(page).first().textContent();
  await results(page).getByRole("link", { name: /^View .+ Profile$/ }).first().click();
  await expect(page).toHaveURL(/\/teacher\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: firstName!.trim() })).toBeVisible();
  await page.getByRole("link", { name: "Back to Search" }).click();
  await expect(page).toHaveURL(searchUrl);
  await expect(page.getByLabel("Location")).toHaveValue("Austin, TX");
  await expect(page.getByLabel("Distance")).toHaveValue("25");
  await expect(cardNames(page).first()).toHaveText(firstName!);
});

test("the student page's link picks the lesson type and carries the student to the profile @phone", async ({ page }) => {
  const studentId = "3f0c8a8e-1d2b-4c5d-8e9f-0a1b2c3d4e5f";
  await page.goto(`/find-teachers?lessonType=online&studentId=${studentId}`);
  await expect(page.getByRole("radio", { name: "Online" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Remove filter: Online" })).toBeVisible();
  // Online lessons happen wherever the family is: distance does not apply.
  await expect(page.getByText("Online lessons do not depend on distance")).toBeVisible();
  await expect(page.getByLabel("Distance")).toBeDisabled();
  await expect(page.getByRole("heading", { name: /^\d+ Teachers Available$/ })).toBeVisible();
  // The lesson type travels too: it preselects the booking's format (issue 26).
  await expect(results(page).getByRole("link", { name: /^View .+ Profile$/ }).first()).toHaveAttribute(
    "href",
    new RegExp(`^/teacher/profile/[0-9a-f-]{36}\\?studentId=${studentId}&lessonType=online$`),
  );

  // Clear all removes every chip, and keeps the student.
  // The toggle's radios are visually hidden; people click their labels.
  await page.getByRole("radio", { name: "Both" }).locator("..").click();
  await expect(page.getByRole("radio", { name: "Both" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Remove filter: Online" })).toHaveCount(0);
  await page.getByLabel("Instrument").selectOption({ label: "Guitar" });
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/find-teachers\\?minRating=any&studentId=${studentId}$`));

  const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasHorizontalScroll).toBe(false);
});

test("an unknown instrument from the landing page is a note, not a failure", async ({ page }) => {
  await page.goto("/find-teachers?instrument=kazoo");
  await expect(page.getByText(/We don.t have an instrument called “kazoo”/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "64 Teachers Available" })).toBeVisible();
});

test("Online lessons: a typed place does not narrow the search, it only gives distances @phone", async ({ page }) => {
  await page.goto("/find-teachers?instrument=piano&lessonType=online");
  const heading = page.getByRole("heading", { name: /Teachers? Available$/ });
  await expect(heading).toBeVisible();
  const everywhere = await heading.textContent();

  await page.goto("/find-teachers?instrument=piano&lessonType=online&location=Brooklyn%2C+NY");
  await expect(page.getByText("Online lessons happen wherever you are")).toBeVisible();
  await expect(heading).toHaveText(everywhere!);
  await expect(page.getByRole("button", { name: "Remove filter: Within 10 miles" })).toHaveCount(0);
  await expect(results(page).getByText(/miles? away/).first()).toBeVisible();

  // In person, Brooklyn and its 10 miles decide again.
  // The toggle's radios are visually hidden; people click their labels.
  await page.getByRole("radio", { name: "In-person" }).locator("..").click();
  await expect(page.getByRole("button", { name: "Remove filter: Within 10 miles" })).toBeVisible();
  await expect(heading).not.toHaveText(everywhere!);
});
