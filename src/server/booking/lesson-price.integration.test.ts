import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { PRICE_MESSAGE } from "../../shared/invoices/invoices.schemas";
import type { LessonDTO } from "../../shared/lessons/lessons.schemas";
import { bookings, teacherProfiles } from "../db/schema";
import { INTRO_CALL_FREE_MESSAGE } from "./request-decision.service";

const t = testAppForFile();

type Teacher = Awaited<ReturnType<typeof newYorkTeacher>>;
type Parent = Awaited<ReturnType<typeof newParent>>;

/** A pending request of the parent with the teacher, on the n-th open day of next month (factory teacher: $40-60 an hour). */
async function request(teacher: Teacher, parent: Parent, day: number, type: "full" | "intro" = "full", extra: Record<string, unknown> = {}) {
  const slot = Object.values((await slotsOf(t, teacher.teacherId, type)).days)[day]![0]!;
  const res = await book(t, parent, teacher.teacherId, [slot.startsAt], type, extra);
  expect(res.status).toBe(201);
  return res.json.bookings as BookingRequestDTO[];
}

const accept = (teacher: { cookie: string }, bookingId: string, body?: Record<string, unknown>) =>
  send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie, ...(body ? { body } : {}) });

const storedPrices = async (ids: string[]) =>
  (await t.deps.db.select({ priceCents: bookings.priceCents, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids))).map((row) => [row.status, row.priceCents]);

const parentLessons = async (parent: Parent) => (await send(t, "GET", "/api/lessons/mine", { cookie: parent.cookie })).json.lessons as LessonDTO[];

describe("the price agreed at acceptance (issue 28)", () => {
  it("stores the teacher's price; the family sees it on the request, the lesson and in the email", async () => {
    const [teacher, parent] = [await newYorkTeacher(t), await newParent(t)];
    const [pending] = await request(teacher, parent, 3);
    const res = await accept(teacher, pending!.id, { priceCents: 6550 });
    expect(res.status).toBe(200);
    expect(res.json.booking).toMatchObject({ status: "accepted", priceCents: 6550, priceEstimated: false });
    expect(await storedPrices([pending!.id])).toEqual([["accepted", 6550]]);
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine[0]).toMatchObject({ id: pending!.id, priceCents: 6550 });
    expect((await parentLessons(parent)).find((l) => l.id === pending!.id)).toMatchObject({ priceCents: 6550, priceEstimated: false });
    expect((await lastMail(t, parent.email, "booking-accepted")).mail.textBody).toContain("Price: $65.50 USD per lesson");
  });

  it("without a price takes the suggestion: the low end of the range, then the family's last agreed price with this teacher", async () => {
    const [teacher, parent, otherFamily] = [await newYorkTeacher(t), await newParent(t), await newParent(t)];
    const [first] = await request(teacher, parent, 2);
    let list = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    // $40 an hour, a 60-minute lesson.
    expect(list[0]).toMatchObject({ id: first!.id, suggestedPriceCents: 4000, priceCents: null });
    expect((await accept(teacher, first!.id)).json.booking.priceCents).toBe(4000);

    const [second] = await request(teacher, parent, 4);
    expect((await accept(teacher, second!.id, { priceCents: 7200 })).status).toBe(200);

    const [third] = await request(teacher, parent, 6);
    const [others] = await request(teacher, otherFamily, 8);
    const [intro] = await request(teacher, parent, 10, "intro");
    list = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    const suggested = new Map(list.map((b) => [b.id, b.suggestedPriceCents]));
    // The last agreed price wins for this family; another family starts at the low end; an intro call is free.
    expect([suggested.get(third!.id), suggested.get(others!.id), suggested.get(intro!.id)]).toEqual([7200, 4000, 0]);
    // The family's own list never carries the teacher's suggestion.
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine.every((b) => !("suggestedPriceCents" in b))).toBe(true);
    expect((await accept(teacher, third!.id, {})).json.booking.priceCents).toBe(7200);
  });

  it("gives every lesson of a weekly series the price", async () => {
    const [teacher, parent] = [await newYorkTeacher(t), await newParent(t)];
    const series = await request(teacher, parent, 1, "full", { repeat: { weeks: 4 } });
    expect(series).toHaveLength(4);
    const res = await accept(teacher, series[0]!.id, { priceCents: 5000 });
    expect(res.status).toBe(200);
    expect((res.json.bookings as BookingRequestDTO[]).map((b) => b.priceCents)).toEqual([5000, 5000, 5000, 5000]);
    expect(await storedPrices(series.map((b) => b.id))).toEqual(Array(4).fill(["accepted", 5000]));
    expect((await lastMail(t, parent.email, "booking-accepted")).mail.textBody).toContain("Price: $50.00 USD per lesson");
  });

  it.each([[-1], [100_001], [12.5], ["60"], [null]])("refuses priceCents %o with the price message, and nothing changes", async (priceCents) => {
    const [teacher, parent] = [await newYorkTeacher(t), await newParent(t)];
    const [pending] = await request(teacher, parent, 5);
    const res = await accept(teacher, pending!.id, { priceCents });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.priceCents).toBe(PRICE_MESSAGE);
    expect(await storedPrices([pending!.id])).toEqual([["pending", null]]);
  });

  it("takes $0 and $1,000 exactly", async () => {
    const [teacher, parent] = [await newYorkTeacher(t), await newParent(t)];
    const [free] = await request(teacher, parent, 3);
    const [top] = await request(teacher, parent, 5);
    expect((await accept(teacher, free!.id, { priceCents: 0 })).json.booking.priceCents).toBe(0);
    expect((await accept(teacher, top!.id, { priceCents: 100_000 })).json.booking.priceCents).toBe(100_000);
  });

  it("keeps intro calls free: no body stores 0, a price above $0 is refused", async () => {
    const [teacher, parent] = [await newYorkTeacher(t), await newParent(t)];
    const [intro] = await request(teacher, parent, 4, "intro");
    const refused = await accept(teacher, intro!.id, { priceCents: 3000 });
    expect([refused.status, refused.json.error.message]).toEqual([400, INTRO_CALL_FREE_MESSAGE]);
    expect(await storedPrices([intro!.id])).toEqual([["pending", null]]);
    expect((await accept(teacher, intro!.id)).json.booking.priceCents).toBe(0);
    expect((await lastMail(t, parent.email, "booking-accepted")).mail.textBody).not.toContain("Price:");
  });

  it("another teacher's request is not found (404) and keeps no price", async () => {
    const [teacher, other, parent] = [await newYorkTeacher(t), await newYorkTeacher(t), await newParent(t)];
    const [pending] = await request(teacher, parent, 7);
    const res = await accept(other, pending!.id, { priceCents: 100 });
    expect(res.status).toBe(404);
    expect(await storedPrices([pending!.id])).toEqual([["pending", null]]);
    expect((await accept({ cookie: parent.cookie }, pending!.id, { priceCents: 100 })).status).toBe(403);
  });

  it("never changes when the teacher's range changes, nor when the lesson is moved", async () => {
    const [teacher, parent] = [await newYorkTeacher(t), await newParent(t)];
    const [pending] = await request(teacher, parent, 3);
    await accept(teacher, pending!.id, { priceCents: 4500 });
    await t.deps.db.update(teacherProfiles).set({ hourlyRateMin: 90, hourlyRateMax: 120 }).where(eq(teacherProfiles.id, teacher.teacherId));
    const to = Object.values((await slotsOf(t, teacher.teacherId, "full")).days)[9]![2]!.startsAt;
    const moved = await send(t, "POST", `/api/lessons/${pending!.id}/reschedule`, { cookie: teacher.cookie, body: { startsAt: to } });
    expect(moved.status).toBe(200);
    expect(moved.json.lesson).toMatchObject({ startsAt: to, priceCents: 4500 });
    expect((await parentLessons(parent)).find((l) => l.id === pending!.id)).toMatchObject({ priceCents: 4500 });
  });
});
