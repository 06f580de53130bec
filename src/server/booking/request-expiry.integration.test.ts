import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { book, monthFromNow, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { PENDING_EXPIRY_HOURS } from "../../shared/lessons/pending-expiry.rules";
import { bookings, bookingSlots } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

const t = testAppForFile();

const HOUR = 3_600_000;
/** One pass of the real job runner (every kind and sweep of the app) at an injected instant. */
const runJobsAt = (now: Date) => runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });

async function states(ids: string[]) {
  const rows = await t.deps.db
    .select({ id: bookings.id, status: bookings.status, decidedAt: bookings.decidedAt, slot: bookingSlots.status })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(inArray(bookings.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

describe("pending requests expire after 72 hours unanswered", () => {
  it("the sweep marks them expired and frees their times, not a millisecond early", async () => {
    const teacher = await newYorkTeacher(t);
    const [parent, later] = [await newParent(t), await newParent(t)];
    // A lesson about two weeks ahead: its own start is far after the 72 hours.
    const slot = Object.values((await slotsOf(t, teacher.teacherId, "full")).days)[10]![2]!.startsAt;
    const res = await book(t, parent, teacher.teacherId, [slot]);
    const request = (res.json.bookings as BookingRequestDTO[])[0]!;
    const expiresAt = new Date(new Date(request.createdAt).getTime() + PENDING_EXPIRY_HOURS * HOUR);

    await runJobsAt(new Date(expiresAt.getTime() - 1));
    expect(await states([request.id])).toMatchObject([{ status: "pending", slot: "booked" }]);
    expect((await book(t, later, teacher.teacherId, [slot])).status).toBe(409);

    await runJobsAt(expiresAt);
    expect(await states([request.id])).toEqual([{ id: request.id, status: "expired", decidedAt: expiresAt, slot: "released" }]);
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine.map((b) => b.status)).toEqual(["expired"]);
    const open = Object.values((await slotsOf(t, teacher.teacherId, "full")).days).flat();
    expect(open.map((s) => s.startsAt)).toContain(slot);
    expect((await book(t, later, teacher.teacherId, [slot])).status).toBe(201);
    // Expired is final: the teacher cannot accept it, and another pass changes nothing.
    expect((await send(t, "POST", `/api/bookings/${request.id}/accept`, { cookie: teacher.cookie })).status).toBe(409);
    await runJobsAt(new Date(expiresAt.getTime() + HOUR));
    expect(await states([request.id])).toMatchObject([{ status: "expired", decidedAt: expiresAt }]);
  });

  it("a weekly series expires as a whole when its first lesson's time comes", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    // The first open time at least a day ahead: well inside the 72 hours.
    const open = [
      ...Object.values((await slotsOf(t, teacher.teacherId, "full", monthFromNow(0))).days).flat(),
      ...Object.values((await slotsOf(t, teacher.teacherId, "full", monthFromNow(1))).days).flat(),
    ];
    const firstStart = new Date(open.find((s) => new Date(s.startsAt).getTime() > Date.now() + 24 * HOUR)!.startsAt);
    expect(firstStart.getTime()).toBeLessThan(Date.now() + 48 * HOUR);
    const res = await book(t, parent, teacher.teacherId, [firstStart.toISOString()], "full", { repeat: { weeks: 4 } });
    const ids = (res.json.bookings as BookingRequestDTO[]).map((b) => b.id);
    await runJobsAt(new Date(firstStart.getTime() - 1));
    expect((await states(ids)).map((s) => s.status)).toEqual(Array(4).fill("pending"));
    await runJobsAt(firstStart);
    expect((await states(ids)).map((s) => [s.status, s.slot])).toEqual(Array(4).fill(["expired", "released"]));
  });

  it("leaves accepted and declined requests alone", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await newParent(t);
    const slots = Object.values((await slotsOf(t, teacher.teacherId, "full")).days)[10]!;
    const created = (await book(t, parent, teacher.teacherId, [slots[1]!.startsAt, slots[3]!.startsAt])).json.bookings as BookingRequestDTO[];
    await send(t, "POST", `/api/bookings/${created[0]!.id}/accept`, { cookie: teacher.cookie });
    await send(t, "POST", `/api/bookings/${created[1]!.id}/decline`, { cookie: teacher.cookie });
    await runJobsAt(new Date(Date.now() + 100 * HOUR));
    expect((await states(created.map((b) => b.id))).map((s) => [s.status, s.slot])).toEqual([
      ["accepted", "booked"],
      ["declined", "released"],
    ]);
  });
});
