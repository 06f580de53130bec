import { confirmAcceptPrice } from "./helpers";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";
import { lastMailText } from "./outbox";

// The parent's browser is in New York; the test's own teacher teaches from Chicago.
test.use({ timezoneId: "America/New_York" });

const LINK = "https://meet.example/casey-keys-piano";

/**
 * Screenshots for review at 1280 and 390 px, taken only when SCREENSHOT_DIR names a folder
 * (they are not part of what the journey checks).
 */
async function screenshots(page: Page, target: Locator, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target.screenshot({ path: path.join(dir, `${name}-${width}.png`), animations: "disabled" });
  }
  await page.setViewportSize(size);
}

test("a New York parent books an online lesson with a Chicago teacher, who adds a meeting link and accepts; the parent sees the link", async ({
  page,
  browser,
  baseURL,
  parent,
  teacher,
}) => {
  test.setTimeout(120_000);
  // The teacher moves to Chicago (their weekly hours, 09:00-17:00, are kept in their zone).
  expect((await teacher.api.patch("/api/teachers/me", { data: { city: "Chicago", state: "IL", timeZone: "America/Chicago" } })).status()).toBe(200);
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  // The family's home address, for the in-person lesson below (the teacher travels to families).
  expect((await parent.api.patch("/api/parents/me", { data: { phone: "(212) 555-0199", address: "12 Elm St, Brooklyn, NY 11201" } })).status()).toBe(200);

  // The parent came from a search for online lessons: the profile link carries the lesson type.
  await signInThroughApi(page, parent);
  await page.goto(`/teacher/profile/${teacherId}?lessonType=online`);
  await page.getByRole("button", { name: "Book a Lesson" }).click();
  const panel = page.getByRole("dialog", { name: "Book a Lesson" });
  await expect(panel.getByText(/Times shown in Eastern/)).toBeVisible();
  // Next month: every open day starts at the window's first hour (today's earlier times are gone).
  await panel.getByRole("button", { name: /next month/i }).click();
  await panel.locator(".rdp-day:not(.rdp-disabled) button").first().click();
  const first = panel.getByRole("group", { name: /Open times on/ }).getByRole("button").first();
  // 09:00 in Chicago is 10:00 in New York: the first time of the day is shown on the parent's clock.
  await expect(first).toHaveText("10:00 AM");
  await first.click();
  await panel.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Select Student" }).getByRole("button", { name: /^Mia / }).click();

  // The format step: in person or online, online preselected by the search.
  const how = panel.getByRole("group", { name: "How will the lesson take place?" });
  await expect(how.getByRole("radio", { name: /^Online/ })).toBeChecked();
  await expect(how.getByRole("radio", { name: /^In person/ })).not.toBeChecked();
  await expect(how).toContainText("Casey comes to your home");
  await screenshots(page, panel, "booking-format-step");
  await panel.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Request Sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your request is with Casey" })).toBeVisible({ timeout: 5000 });
  await panel.getByRole("button", { name: "Done" }).click();

  // Pending: the parent's request says Online, and nothing of the link exists yet.
  await page.goto("/dashboard");
  const pendingRow = page.locator("#lesson-requests").getByRole("listitem").first();
  await expect(pendingRow).toContainText("Pending");
  await expect(pendingRow).toContainText("Online");
  await expect(pendingRow.getByRole("link")).toHaveCount(0);

  // The teacher, in their own browser: the request cannot be accepted without a link, and says where to add one.
  const teacherContext = await browser.newContext({ baseURL, timezoneId: "America/Chicago" });
  const teacherPage = await teacherContext.newPage();
  await signInThroughApi(teacherPage, teacher);
  await teacherPage.goto("/teacher-landing");
  const requests = teacherPage.locator("section", { has: teacherPage.getByRole("heading", { name: "Requests" }) });
  await expect(requests.getByText(/Mia Rivera · Full Lesson · Online/)).toBeVisible();
  await expect(requests).toContainText("Add a meeting link in Settings");
  await screenshots(teacherPage, requests, "request-needs-meeting-link");
  await requests.getByRole("link", { name: "Open Settings" }).click();
  await expect(teacherPage).toHaveURL(/\/teacher\/settings/);
  await teacherPage.getByLabel("Default meeting link").fill(LINK);
  await screenshots(teacherPage, teacherPage.locator("section", { has: teacherPage.getByRole("heading", { name: "Where and How Lessons Happen" }) }), "teacher-settings-where-how");
  await teacherPage.getByRole("button", { name: "Save Changes" }).click();
  await expect(teacherPage.getByText("Profile updated successfully!")).toBeVisible();
  await teacherPage.goto("/teacher-landing");
  await expect(requests).not.toContainText("Add a meeting link in Settings");
  await requests.getByRole("button", { name: /^Accept Mia's request/ }).click();
  await confirmAcceptPrice(teacherPage);
  await expect(requests.getByText("No pending requests.")).toBeVisible();
  // The family's email gives the time on their own clock (their browser reported New York), with the link.
  const accepted = await lastMailText(parent.email, "booking-accepted");
  expect(accepted).toMatch(/at 10:00 AM E[SD]T/);
  expect(accepted).not.toMatch(/AM C[SD]T/);
  expect(accepted).toContain(LINK);
  // The teacher sees the link and the family's contact on the lesson.
  await teacherPage.reload();
  const teaching = teacherPage.getByTestId("lesson-row").first();
  await expect(teaching.getByRole("link", { name: LINK })).toBeVisible();
  await expect(teaching).toContainText("Family: Jordan Rivera");
  if (process.env.SCREENSHOT_DIR) {
    await teacherPage.goto("/teacher/students");
    await screenshots(teacherPage, teacherPage.getByRole("article", { name: /Mia Rivera/ }), "my-students-meeting-link");
  }
  await teacherContext.close();

  // An in-person lesson at the family's home, accepted too (through the API: the journey is about what each side sees).
  const slots = (await (await parent.api.get(`/api/teachers/${teacherId}/slots?month=${nextMonth()}&timeZone=America%2FNew_York&type=full`)).json()) as {
    days: Record<string, { startsAt: string }[]>;
  };
  const students = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  // A day after the online lesson's (its own day is the first of next month's), at 12:00 in Chicago.
  const later = Object.values(slots.days)[5]![3]!.startsAt;
  const booked = await parent.api.post("/api/bookings", { data: { teacherId, studentId: students[0]!.id, bookingType: "full", format: "in_person", startTimes: [later] } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { bookings } = (await booked.json()) as { bookings: { id: string }[] };
  expect((await teacher.api.post(`/api/bookings/${bookings[0]!.id}/accept`)).status()).toBe(200);

  // Accepted: the parent sees the meeting link, the teacher's contact, and the address of the in-person lesson.
  await page.reload();
  const lessons = page.locator("#my-lessons");
  const online = lessons.getByTestId("lesson-row").filter({ hasText: "Online" }).first();
  await expect(online).toContainText("Booked");
  const link = online.getByRole("link", { name: LINK });
  await expect(link).toHaveAttribute("href", LINK);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(online).toContainText("Your teacher: Casey Keys");
  await expect(online.getByRole("link", { name: teacher.email })).toHaveAttribute("href", `mailto:${teacher.email}`);
  await expect(online.getByRole("link", { name: "(212) 555-0142" })).toBeVisible();
  const inPerson = lessons.getByTestId("lesson-row").filter({ hasText: "In person" }).first();
  await expect(inPerson).toContainText("At 12 Elm St, Brooklyn, NY 11201");
  await screenshots(page, lessons, "lesson-details-link-and-address");
});

function nextMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}
