import { expect, test } from "./fixtures";

test("the landing page shows the spec's sections and searches with the typed values @phone", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Music Lessons" })).toBeVisible();
  for (const instrument of ["piano", "guitar", "violin", "voice"]) {
    await expect(page.locator(`a[href="/find-teachers?instrument=${instrument}"]`)).toBeVisible();
  }
  await expect(page.getByText("Discovering").first()).toBeVisible();
  await expect(page.getByText("Managing").first()).toBeVisible();
  // Live figures from the seeded database (64 demo teachers → "60+").
  await expect(page.getByText("60+")).toBeVisible();

  await page.getByLabel("Instrument").fill(" Piano ");
  await page.getByLabel("Location").fill("Austin, TX");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/find-teachers\?instrument=piano&location=Austin%2C\+TX$/);

  const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasHorizontalScroll).toBe(false);
});

test("Become a Teacher opens the teacher dialog @phone", async ({ page, isMobile }) => {
  await page.goto("/");
  if (isMobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("menuitem", { name: "Become a Teacher" }).click();
  } else {
    await page.getByRole("banner").getByRole("button", { name: "Become a Teacher" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Become a Teacher" });
  for (const benefit of ["Flexible Schedule", "Competitive Rates", "Support & Tools"]) {
    await expect(dialog.getByText(benefit)).toBeVisible();
  }
  await expect(dialog.getByRole("button", { name: "Start Teacher Application" })).toBeVisible();
});
