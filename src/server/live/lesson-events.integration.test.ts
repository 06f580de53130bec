import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { createBooking } from "../../../tests/factories/bookings";
import { send } from "../../../tests/fixtures/http";
import { SseReader, type SseEvent } from "../../../tests/fixtures/sse";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import type { LiveEventPayloads } from "../../shared/messages/messages.api";
import { liveHubFor } from "./live-hub";

let t: TestApp;
const readers: SseReader[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.cancel()));
  await liveHubFor(t.deps).close();
  await t.close();
});

async function stream(cookie: string): Promise<SseReader> {
  const response = await t.app.request("/api/live", { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = new SseReader(response.body!);
  readers.push(reader);
  // The stream is registered once its first line (the retry interval) is written.
  await new Promise((r) => setTimeout(r, 50));
  return reader;
}

/** A teacher and a family, each with a live stream open, and a pending request of the family. */
async function pendingRequest(times = 1) {
  const [teacher, parent] = await Promise.all([newYorkTeacher(t), newParent(t)]);
  const slots = Object.values((await slotsOf(t, teacher.teacherId, "full")).days)[2]!;
  const requested = await book(t, parent, teacher.teacherId, slots.slice(0, times).map((s) => s.startsAt));
  expect(requested.status, requested.text).toBe(201);
  const ids = (requested.json.bookings as { id: string }[]).map((b) => b.id);
  const [teacherStream, parentStream] = await Promise.all([stream(teacher.cookie), stream(parent.cookie)]);
  return { teacher, parent, ids, teacherStream, parentStream, slots };
}

const payload = <T extends keyof LiveEventPayloads>(event: SseEvent) => JSON.parse(event.data) as LiveEventPayloads[T];
const lessonEvents = (reader: SseReader) => reader.events.filter((e) => e.event === "booking_decided" || e.event === "lesson_changed");
/** Long enough for an event published after the answer to have reached an open stream. */
const settle = () => new Promise((r) => setTimeout(r, 200));

describe("the other side hears of a lesson's change live", () => {
  it("accept: the family gets booking_decided with the lessons; the teacher's own tabs refresh through the answer", async () => {
    const { teacher, ids, teacherStream, parentStream } = await pendingRequest();
    const res = await send(t, "POST", `/api/bookings/${ids[0]}/accept`, { cookie: teacher.cookie });
    expect(res.status, res.text).toBe(200);
    const event = await parentStream.next((e) => e.event === "booking_decided");
    expect(Number(event.id)).toBeGreaterThan(0);
    expect(payload<"booking_decided">(event)).toEqual({ bookingIds: ids, decision: "accepted" });
    await settle();
    expect(lessonEvents(teacherStream)).toEqual([]);
  });

  it("decline: booking_decided says declined", async () => {
    const { teacher, ids, parentStream } = await pendingRequest();
    expect((await send(t, "POST", `/api/bookings/${ids[0]}/decline`, { cookie: teacher.cookie })).status).toBe(200);
    expect(payload<"booking_decided">(await parentStream.next((e) => e.event === "booking_decided"))).toEqual({ bookingIds: ids, decision: "declined" });
  });

  it("a parent's cancel reaches the teacher, a teacher's move reaches the family", async () => {
    const { teacher, parent, ids, teacherStream, parentStream, slots } = await pendingRequest(2);
    await send(t, "POST", `/api/bookings/${ids[0]}/accept`, { cookie: teacher.cookie });
    await send(t, "POST", `/api/bookings/${ids[1]}/accept`, { cookie: teacher.cookie });

    const cancelled = await send(t, "POST", `/api/lessons/${ids[0]}/cancel`, { cookie: parent.cookie, body: { scope: "one" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const heard = await teacherStream.next((e) => e.event === "lesson_changed");
    expect(payload<"lesson_changed">(heard)).toEqual({ bookingIds: [ids[0]], change: "cancelled" });

    const moved = await send(t, "POST", `/api/lessons/${ids[1]}/reschedule`, { cookie: teacher.cookie, body: { startsAt: slots[4]!.startsAt } });
    expect(moved.status, moved.text).toBe(200);
    const told = await parentStream.next((e) => e.event === "lesson_changed");
    expect(payload<"lesson_changed">(told)).toEqual({ bookingIds: [ids[1]], change: "rescheduled" });
    await settle();
    // Nobody is told of their own change.
    expect(lessonEvents(teacherStream).map((e) => payload<"lesson_changed">(e).change)).toEqual(["cancelled"]);
    expect(lessonEvents(parentStream).map((e) => e.event)).toEqual(["booking_decided", "booking_decided", "lesson_changed"]);
  });

  it("attendance reaches the family", async () => {
    const [teacher, parent] = await Promise.all([newYorkTeacher(t), newParent(t)]);
    const { bookingId } = await createBooking(t.deps, {
      teacherId: teacher.teacherId,
      parentId: parent.parentId,
      studentId: parent.studentIds[0]!,
      status: "accepted",
      startsAt: new Date(Date.now() - 2 * 3_600_000),
    });
    const parentStream = await stream(parent.cookie);
    const res = await send(t, "PUT", `/api/lessons/${bookingId}/attendance`, { cookie: teacher.cookie, body: { outcome: "attended", note: "Scales" } });
    expect(res.status, res.text).toBe(200);
    expect(payload<"lesson_changed">(await parentStream.next((e) => e.event === "lesson_changed"))).toEqual({ bookingIds: [bookingId], change: "attendance" });
  });

  it("a stream that reconnects with Last-Event-ID gets a decision it missed", async () => {
    const { teacher, parent, ids, parentStream } = await pendingRequest();
    await parentStream.cancel();
    const last = parentStream.events.at(-1)?.id ?? "0";
    expect((await send(t, "POST", `/api/bookings/${ids[0]}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    const response = await t.app.request("/api/live", { headers: { cookie: parent.cookie, "last-event-id": last } });
    const again = new SseReader(response.body!);
    readers.push(again);
    expect(payload<"booking_decided">(await again.next((e) => e.event === "booking_decided"))).toEqual({ bookingIds: ids, decision: "accepted" });
  });
});
