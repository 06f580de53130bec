import { randomUUID } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { parentSignUpBody } from "../factories/sign-up";

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
export const test = base.extend<{ parent: E2EAccount; teacher: E2EAccount }>({
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
    await api.dispose();
  },
});

export { expect };

/** A new teacher is hidden until they turn discovery on; journeys that search or book need it on. */
export async function makeDiscoverable(teacher: E2EAccount) {
  await ok(await teacher.api.put("/api/teachers/me/discovery", { data: { enabled: true } }), "discovery on");
}

/** Signs the page in without the UI (the journey is about something else): the cookie lands in the page's context. */
export async function signInThroughApi(page: Page, account: E2EAccount) {
  await ok(
    await page.request.post("/api/session", { data: { role: account.role, email: account.email, password: account.password } }),
    `${account.role} sign-in`,
  );
}
