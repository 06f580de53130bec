// Issue 43: a tap that answers. On a phone profile (390 px, touch, the CPU slowed 4× through the
// DevTools protocol) the interaction that matters on each landing page is tapped as soon as the app
// has hydrated its button, and the time from the tap to the next paint is read from Chrome's Event
// Timing API (PerformanceObserver "event" entries, durationThreshold 16 ms): the longest entry of
// the tap's interaction (pointerdown, pointerup, click), i.e. the interaction's INP.
//
// Budget: the median of TAPS page loads ≤ 200 ms each. A shared CI machine is noisy, so one slow
// tap does not fail it, but a median over budget does. TAP_BUDGET_MS and TAPS override (a slower
// machine must say so, not pass quietly); each run prints its figures.
//
// The second part: a tap made before the app has hydrated the page (its JavaScript held back) is
// not lost: the hero's search still searches, and Book Introduction Call still opens Sign In.
import type { Page, Route } from "@playwright/test";
import { expect, signInThroughApi, test } from "./fixtures";

const BUDGET_MS = Number(process.env.TAP_BUDGET_MS ?? 200);
const TAPS = Number(process.env.TAPS ?? 5);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });

/** Collects Event Timing entries from the page's first script on. */
const EVENT_TIMING = `
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__events.push({ name: e.name, interactionId: e.interactionId, duration: e.duration, start: e.startTime,
        inputDelay: e.processingStart - e.startTime, processing: e.processingEnd - e.processingStart });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`;

interface EventEntry {
  name: string;
  interactionId: number;
  duration: number;
  start: number;
  inputDelay: number;
  processing: number;
}

async function phonePage(page: Page) {
  await page.addInitScript(EVENT_TIMING);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** Resolves once React has hydrated the element (its fiber is attached): from then on a tap reaches its handler. */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

/** The tap's interaction time: the longest Event Timing entry of interactions begun at or after `since`. */
async function tapToPaint(page: Page, since: number): Promise<{ ms: number; detail: string }> {
  // The entry is queued after the paint it measures: give it two frames (slowed 4×) to arrive.
  await page.waitForTimeout(500);
  const entries = await page.evaluate((t) => (window as unknown as { __events: EventEntry[] }).__events.filter((e) => e.interactionId > 0 && e.start >= t), since);
  if (entries.length === 0) return { ms: 16, detail: "under 16 ms (no entry over the threshold)" };
  const longest = entries.reduce((a, b) => (b.duration > a.duration ? b : a));
  return {
    ms: longest.duration,
    detail: `${longest.name}: ${Math.round(longest.duration)} ms (input delay ${Math.round(longest.inputDelay)}, processing ${Math.round(longest.processing)})`,
  };
}

const now = (page: Page) => page.evaluate(() => performance.now());
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function profilePath(page: Page): Promise<string> {
  const response = await page.request.get("/api/search/teachers?instrument=piano&location=New%20York");
  const body = (await response.json()) as { teachers: { teacherId: string }[] };
  return `/teacher/profile/${body.teachers[0]!.teacherId}`;
}

/** Loads the page TAPS times, taps once per load, and checks the median against the budget. */
async function measureTaps(page: Page, name: string, tapOnce: () => Promise<{ ms: number; detail: string }>) {
  const figures: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    const { ms, detail } = await tapOnce();
    figures.push(ms);
    console.log(`[tap] ${name} ${i + 1}/${TAPS}: ${detail}`);
  }
  const result = median(figures);
  console.log(`[tap] ${name}: median ${Math.round(result)} ms of ${figures.map(Math.round).join(", ")} (budget ${BUDGET_MS} ms)`);
  expect(result, `${name}: median tap-to-next-paint over ${TAPS} loads`).toBeLessThanOrEqual(BUDGET_MS);
}

test.describe("tap to next paint on a 4×-slowed phone", () => {
  test.describe.configure({ timeout: 240_000 });

  test("the hero's Search on /", async ({ page }) => {
    await phonePage(page);
    await measureTaps(page, "/ Search", async () => {
      await page.goto("/");
      await page.getByLabel("Instrument").fill("piano");
      await waitForHydration(page, 'form[role="search"] button[type="submit"]');
      const since = await now(page);
      await page.getByRole("button", { name: "Search", exact: true }).tap();
      await expect(page).toHaveURL(/\/find-teachers\?instrument=piano$/);
      return tapToPaint(page, since);
    });
  });

  test("a filter change on /find-teachers", async ({ page }) => {
    await phonePage(page);
    await measureTaps(page, "/find-teachers Online", async () => {
      await page.goto("/find-teachers?instrument=piano&location=New%20York");
      await waitForHydration(page, 'input[name="lesson-type"][value="online"]');
      const since = await now(page);
      await page.getByRole("region", { name: "Filters" }).getByText("Online", { exact: true }).tap();
      await expect(page).toHaveURL(/lessonType=online/);
      return tapToPaint(page, since);
    });
  });

  test("Book Introduction Call on a teacher profile", async ({ page }) => {
    await phonePage(page);
    const path = await profilePath(page);
    await measureTaps(page, "profile Book Introduction Call", async () => {
      await page.goto(path);
      const book = page.getByRole("button", { name: /Book Introduction Call/ });
      await book.scrollIntoViewIfNeeded();
      await waitForHydration(page, "aside[aria-labelledby=book-heading] button");
      const since = await now(page);
      await book.tap();
      // A visitor is asked to sign in first (and comes back with the booking open).
      await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
      return tapToPaint(page, since);
    });
  });

  test("Book Introduction Call on a teacher profile, signed in as a parent (the booking flow's code)", async ({ page, parent }) => {
    await phonePage(page);
    await signInThroughApi(page, parent);
    const path = await profilePath(page);
    await measureTaps(page, "profile Book Introduction Call (parent)", async () => {
      await page.goto(path);
      const book = page.getByRole("button", { name: /Book Introduction Call/ });
      await book.scrollIntoViewIfNeeded();
      await waitForHydration(page, "aside[aria-labelledby=book-heading] button");
      // The session is known: the tap opens the booking flow, not Sign In.
      await expect(page.getByRole("link", { name: /^Messages/ })).toBeVisible();
      const since = await now(page);
      await book.tap();
      await expect(page.getByRole("dialog")).toBeVisible();
      return tapToPaint(page, since);
    });
  });
});

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
