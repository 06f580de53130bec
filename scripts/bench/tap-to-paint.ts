// The taps of issue 43 item 3, as `npm run bench:tap` measures them: on a phone profile (390 px,
// touch, the CPU slowed 4× through the DevTools protocol) the interaction that matters on each
// landing page is tapped as soon as the app has hydrated its button, and the time from the tap to
// the next paint is read from Chrome's Event Timing API (PerformanceObserver "event" entries,
// durationThreshold 16 ms): the longest entry of the tap's interaction (pointerdown, pointerup,
// click), i.e. the interaction's INP.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

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

export interface Tap {
  ms: number;
  detail: string;
}

export interface TapScenario {
  name: string;
  /** Signed in as a parent (the booking flow's code), or a visitor. */
  asParent: boolean;
  /** Loads the page once and taps once. */
  tapOnce: (page: Page, site: { base: string; profilePath: string }) => Promise<Tap>;
}

/** A phone context (390×844, touch) whose pages observe Event Timing; `storageState` signs it in. */
export async function phoneContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625, ...(storageState ? { storageState } : {}) });
  await context.addInitScript(EVENT_TIMING);
  return context;
}

/** A page of the context with its CPU slowed 4×. */
export async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return page;
}

/** Resolves once React has hydrated the element (its fiber is attached): from then on a tap reaches its handler. */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

/** The tap's interaction time: the longest Event Timing entry of interactions begun at or after `since`. */
async function tapToPaint(page: Page, since: number): Promise<Tap> {
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

export const TAP_SCENARIOS: TapScenario[] = [
  {
    name: "/: the hero's Search",
    asParent: false,
    tapOnce: async (page, { base }) => {
      await page.goto(`${base}/`);
      await page.getByLabel("Instrument").fill("piano");
      await waitForHydration(page, 'form[role="search"] button[type="submit"]');
      const since = await now(page);
      await page.getByRole("button", { name: "Search", exact: true }).tap();
      await expect(page).toHaveURL(/\/find-teachers\?instrument=piano$/);
      return tapToPaint(page, since);
    },
  },
  {
    name: "/find-teachers: a filter (Online)",
    asParent: false,
    tapOnce: async (page, { base }) => {
      await page.goto(`${base}/find-teachers?instrument=piano&location=New%20York`);
      await waitForHydration(page, 'input[name="lesson-type"][value="online"]');
      const since = await now(page);
      await page.getByRole("region", { name: "Filters" }).getByText("Online", { exact: true }).tap();
      await expect(page).toHaveURL(/lessonType=online/);
      return tapToPaint(page, since);
    },
  },
  {
    name: "profile: Book Introduction Call (visitor)",
    asParent: false,
    tapOnce: async (page, { base, profilePath }) => {
      await page.goto(`${base}${profilePath}`);
      const book = page.getByRole("button", { name: /Book Introduction Call/ });
      await book.scrollIntoViewIfNeeded();
      await waitForHydration(page, "aside[aria-labelledby=book-heading] button");
      const since = await now(page);
      await book.tap();
      // A visitor is asked to sign in first (and comes back with the booking open).
      await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
      return tapToPaint(page, since);
    },
  },
  {
    name: "profile: Book Introduction Call (parent)",
    asParent: true,
    tapOnce: async (page, { base, profilePath }) => {
      await page.goto(`${base}${profilePath}`);
      const book = page.getByRole("button", { name: /Book Introduction Call/ });
      await book.scrollIntoViewIfNeeded();
      await waitForHydration(page, "aside[aria-labelledby=book-heading] button");
      // The session is known: the tap opens the booking flow, not Sign In.
      await expect(page.getByRole("link", { name: /^Messages/ })).toBeVisible();
      const since = await now(page);
      await book.tap();
      await expect(page.getByRole("dialog")).toBeVisible();
      return tapToPaint(page, since);
    },
  },
];
