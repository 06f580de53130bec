import { randomUUID } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { parentSignUpBody } from "../factories/sign-up";
import { ownServer } from "./e2e-env";
import { operatorApi } from "./operator-session";

/** A user this test made for itself: nobody else signs in with it or changes its data. */
export interface E2EAccount {
  role: "parent" | "teacher";
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** An API client signed in as this user (its own cookie jar, not the page's). */
  api: APIRequestContext;
}

const PASSWORD = "a-good-e2e-password";
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * Fresh accounts per test, made through the public API exactly as a visitor makes them
 * (Parent Create Account; the Become a Teacher application), so journeys never share or depend
 * on the demo accounts. The parent signs up with one student, `Mia Rivera`.
 */
/**
 * What a page may log without failing the test: the browser's own line for an HTTP error answer
 * (a 401 for a wrong password, a 404 for a removed teacher) is the app working as meant, not a
 * script error. Everything else logged as an error or a warning fails the test.
 */
const EXPECTED_CONSOLE = [/^Failed to load resource: the server responded with a status of 4\d\d/];

export const test = base.extend<{ parent: E2EAccount; teacher: E2EAccount; consoleGuard: void }>({
  // Each worker talks to its own server (tests/e2e/e2e-env.ts), whatever the config evaluated.
  // Playwright reads a fixture's dependencies from its first parameter's pattern: it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(ownServer().baseURL),
  // Every page of the test, in its own context and in any context it opens (two-browser journeys),
  // must log no console error or warning and throw no uncaught error (issue 25).
  consoleGuard: [
    async ({ context, browser }, use) => {
      const problems: string[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.on("console", (message) => {
          if (message.type() !== "error" && message.type() !== "warning") return;
          const text = message.text();
          if (EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) return;
          problems.push(`${message.type()}: ${text} (${message.location().url})`);
        });
        ctx.on("weberror", (error) => problems.push(`uncaught: ${error.error().message}`));
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
        const created = await newContext(...args);
        watch(created);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(problems, "console errors and warnings of the test's pages").toEqual([]);
    },
    { auto: true },
  ],
  parent: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    const body = parentSignUpBody({
      parent: { firstName: "Jordan", lastName: "Rivera", email: uniqueEmail("parent"), password: PASSWORD },
      student: { firstName: "Mia", lastName: "Rivera", age: 8 },
    });
    // Sign-up signs the new parent in: `api` keeps that session.
    await ok(await api.post("/api/accounts/parents", { data: body }), "parent sign-up");
    await use({ role: "parent", email: body.parent.email, password: PASSWORD, firstName: "Jordan", lastName: "Rivera", api });
    await api.dispose();
  },
  teacher: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    const email = uniqueEmail("teacher");
    await ok(
      await api.post("/api/teachers", {
        data: {
          personal: {
            firstName: "Casey",
            lastName: "Keys",
            email,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            phone: "(212) 555-0142",
            city: "New York",
            state: "NY",
            timeZone: "America/New_York",
          },
          teaching: {
            instruments: ["piano"],
            teachingExperienceYears: "5+",
            educationBackground: "Conservatory",
            bio: "Pianist who loves teaching beginners.",
            teachingStyleDescription: "Warm, patient and structured.",
            teachingMethods: ["Traditional"],
            ageGroupsTaught: ["Kids 5-10"],
            lessonFormat: "both",
            hourlyRateMin: 60,
            hourlyRateMax: 90,
            hasTransportation: true,
            platformExperience: "Zoom",
            videoConferenceExperience: true,
          },
          availability: { days: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "09:00", endTime: "17:00" })) },
          screening: { backgroundCheckConsent: true, priorComplaints: false, complaintExplanation: "", canProvideReferences: true },
        },
      }),
      "teacher application",
    );
    await ok(await api.post("/api/session", { data: { role: "teacher", email, password: PASSWORD } }), "teacher sign-in");
    await use({ role: "teacher", email, password: PASSWORD, firstName: "Casey", lastName: "Keys", api });
    // Hidden again afterwards, so that later journeys (search counts, the demo's figures) see only
    // the demo's teachers, whichever journeys ran before them.
    await api.put("/api/teachers/me/discovery", { data: { enabled: false } }).catch(() => undefined);
    await api.dispose();
  },
});

export { expect };

/**
 * A new teacher is hidden until the operators approve the application and the teacher turns
 * discovery on (issue 27); journeys that search or book need both. The e2e operator approves.
 */
export async function makeDiscoverable(teacher: E2EAccount) {
  await approveApplication(teacher);
  await ok(await teacher.api.put("/api/teachers/me/discovery", { data: { enabled: true } }), "discovery on");
}

/** The e2e operator approves the teacher's application (through the desk's API). */
export async function approveApplication(teacher: E2EAccount) {
  const { id } = (await (await ok(await teacher.api.get("/api/teachers/me"), "own teacher profile")).json()) as { id: string };
  const operator = await operatorApi();
  try {
    await ok(await operator.post(`/api/operator/applications/${id}/approve`, { data: { reason: "Application complete, references offered" } }), "approve");
  } finally {
    await operator.dispose();
  }
}

/** Signs the page in without the UI (the journey is about something else): the cookie lands in the page's context. */
export async function signInThroughApi(page: Page, account: E2EAccount) {
  await ok(
    await page.request.post("/api/session", { data: { role: account.role, email: account.email, password: account.password } }),
    `${account.role} sign-in`,
  );
}
