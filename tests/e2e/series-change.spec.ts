import type { Locator, Page } from "@playwright/test";
import { expectAxeClean, ok } from "./soon-lessons";
import { expect, makeDiscoverable, signInThroughApi, test } from "./fixtures";

// The parent's browser and the teacher (New York, from the fixture) share a zone.
test.use({ timezoneId: "America/New_York" });

const NY = "America/New_York";
const nyDate = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: NY, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
const nyClock = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: NY, hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));
const nyWeekday = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: NY, weekday: "long" }).format(new Date(iso));

/** The dialog at 1280 px and on a 390 px phone (saved under test-results/), with no serious axe finding. */
async function shoot(page: Page, dialog: Locator, name: string) {
  await dialog.screenshot({ path: `test-results/series-change-${name}-1280.png` });
  await expectAxeClean(page, "[role=dialog]");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/series-change-${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a parent changes a weekly series from its fifth lesson on: the preview marks the week the teacher is away, another day moves both lessons", async ({
  page,
  parent,
  teacher,
}) => {
  test.setTimeout(120_000);
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await ok(await teacher.api.get("/api/teachers/me"), "me")) as { id: string };
  const students = (await ok(await parent.api.get("/api/students"), "students")) as unknown as { id: string }[];
  // The first open 10:00 (New York) of next month; 6 weekly lessons from there, accepted.
  const d = new Date();
  const month = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const slots = (await ok(await parent.api.get(`/api/teachers/${teacherId}/slots?month=${month}&timeZone=America%2FNew_York&type=full`), "slots")) as {
    days: Record<string, { startsAt: string }[]>;
  };
  const first = Object.values(slots.days).flat().find((s) => nyClock(s.startsAt) === "10:00")!.startsAt;
  const sent = (await ok(
    await parent.api.post("/api/bookings", {
      data: { teacherId, studentId: students[0]!.id, bookingType: "full", format: "in_person", startTimes: [first], repeat: { weeks: 6 } },
    }),
    "series request",
  )) as { bookings: { id: string; startsAt: string }[] };
  expect(sent.bookings).toHaveLength(6);
  await ok(await teacher.api.post(`/api/bookings/${sent.bookings[0]!.id}/accept`), "accept");
  // The teacher is away on the sixth week's Wednesday.
  const sixth = sent.bookings[5]!.startsAt;
  const offsetToWednesday = ((3 + 6) % 7) - ((new Date(`${nyDate(sixth)}T12:00:00Z`).getUTCDay() + 6) % 7);
  const away = new Date(Date.parse(`${nyDate(sixth)}T12:00:00Z`) + offsetToWednesday * 86_400_000).toISOString().slice(0, 10);
  await ok(await teacher.api.post("/api/teachers/me/time-off", { data: { startDate: away, endDate: away } }), "time off");

  await signInThroughApi(page, parent);
  await page.goto("/dashboard");
  const rows = page.locator("#my-lessons").getByTestId("lesson-row");
  await expect(rows.filter({ hasText: "Booked" })).toHaveCount(6);
  await rows.nth(4).getByRole("button", { name: "Reschedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Reschedule Lesson" });
  await dialog.getByRole("radio", { name: "This and all following lessons" }).check();
  await expect(dialog.getByLabel("New day")).toHaveValue(String(new Date(`${nyDate(first)}T12:00:00Z`).getUTCDay()));
  await expect(dialog.getByRole("button", { name: "Move Lessons" })).toBeDisabled();

  // Wednesdays at 14:00: the fifth can move, the sixth cannot (the teacher is away); nothing can be confirmed.
  await dialog.getByLabel("New day").selectOption("Wednesday");
  await dialog.getByLabel("New time").fill("14:00");
  const preview = dialog.getByTestId("series-preview").getByRole("listitem");
  await expect(preview).toHaveCount(2);
  await expect(dialog.getByText("1 of 2 weeks cannot be booked at that time. Choose another day or time.")).toBeVisible();
  await expect(preview.nth(1)).toContainText("Not available: the teacher is away");
  await expect(preview.nth(0)).not.toContainText("Not available");
  await expect(dialog.getByRole("button", { name: "Move Lessons" })).toBeDisabled();
  await shoot(page, dialog, "taken-week");

  // Tuesdays at 14:00: both weeks are free; the parent confirms.
  await dialog.getByLabel("New day").selectOption("Tuesday");
  await expect(dialog.getByText("Both lessons can move.")).toBeVisible();
  await expect(preview.first()).toContainText("Tue");
  await shoot(page, dialog, "ready");
  await dialog.getByRole("button", { name: "Move 2 Lessons" }).click();
  await expect(dialog).toBeHidden();

  // The list shows the first four as they were and the last two on Tuesdays at 2:00 PM.
  await expect(rows.nth(4)).toContainText(/Tue, .* 2:00 PM/);
  await expect(rows.nth(5)).toContainText(/Tue, .* 2:00 PM/);
  const mine = (await ok(await parent.api.get("/api/lessons/mine"), "lessons")) as unknown as { lessons: { startsAt: string; status: string }[] };
  const live = mine.lessons.filter((l) => l.status === "accepted");
  expect(live.slice(0, 4).map((l) => l.startsAt)).toEqual(sent.bookings.slice(0, 4).map((b) => b.startsAt));
  expect(live.slice(4).map((l) => [nyWeekday(l.startsAt), nyClock(l.startsAt)])).toEqual([
    ["Tuesday", "14:00"],
    ["Tuesday", "14:00"],
  ]);
});
