import { describe, expect, it } from "vitest";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import type { LessonDTO } from "../../shared/lessons/lessons.schemas";
import type { PracticeEntryDTO } from "../../shared/practice/practice.api";
import { createParent } from "../../../tests/factories/accounts";
import { createGuardian } from "../../../tests/factories/households";
import { book, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";

// Issue 45 item 3, who did what: requests, cancellations and practice show which guardian did
// them, to the other guardians and to the teacher; a household of one shows no names.
const t = testAppForFile();

async function household() {
  const founder = await createParent(t.deps, { firstName: "Maria", students: 1 });
  const founderCookie = await signIn(t, "parent", founder.email, founder.password);
  const diego = await createGuardian(t.deps, founder.parentId, { firstName: "Diego" });
  const diegoCookie = await signIn(t, "parent", diego.email, diego.password);
  return { founder, founderCookie, diegoCookie, studentIds: founder.studentIds };
}

async function firstFreeTimes(teacherId: string, count: number): Promise<string[]> {
  const days = Object.values((await slotsOf(t, teacherId, "full")).days);
  return days.slice(0, count).map((slots) => slots[0]!.startsAt);
}

const requestsOf = async (cookie: string, path: "/api/bookings/mine" | "/api/bookings/requests") =>
  ((await send(t, "GET", path, { cookie })).json as { bookings: BookingRequestDTO[] }).bookings;
const lessonsOf = async (cookie: string, path: "/api/lessons/mine" | "/api/lessons/teaching") =>
  ((await send(t, "GET", path, { cookie })).json as { lessons: LessonDTO[] }).lessons;

describe("who did what in a household of two guardians", () => {
  it("the teacher and the other guardian see who asked for a lesson and who withdrew it", async () => {
    const teacher = await newYorkTeacher(t);
    const family = await household();
    const [first, second] = await firstFreeTimes(teacher.teacherId, 2);

    // Diego asks for one lesson, Maria for another.
    const byDiego = await book(t, { cookie: family.diegoCookie, studentIds: family.studentIds }, teacher.teacherId, [first!]);
    expect(byDiego.status, byDiego.text).toBe(201);
    const byMaria = await book(t, { cookie: family.founderCookie, studentIds: family.studentIds }, teacher.teacherId, [second!]);
    expect(byMaria.status, byMaria.text).toBe(201);

    const teacherView = await requestsOf(teacher.cookie, "/api/bookings/requests");
    expect(teacherView.map((r) => [r.startsAt, r.requestedBy])).toEqual([
      [first, "Diego Parent"],
      [second, "Maria Parent"],
    ]);
    const mariaView = await requestsOf(family.founderCookie, "/api/bookings/mine");
    expect(new Map(mariaView.map((r) => [r.startsAt, r.requestedBy]))).toEqual(new Map([[first, "Diego Parent"], [second, "Maria Parent"]]));

    // Maria withdraws Diego's request: Diego and the teacher see that she did.
    const diegosRequest = teacherView[0]!.id;
    const cancelled = await send(t, "POST", `/api/lessons/${diegosRequest}/cancel`, { cookie: family.founderCookie, body: { scope: "one" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const seenByDiego = (await lessonsOf(family.diegoCookie, "/api/lessons/mine")).find((l) => l.id === diegosRequest)!;
    expect(seenByDiego).toMatchObject({ status: "cancelled", cancelledBy: "parent", cancelledByGuardian: "Maria Parent", requestedBy: "Diego Parent" });
    const seenByTeacher = (await lessonsOf(teacher.cookie, "/api/lessons/teaching")).find((l) => l.id === diegosRequest)!;
    expect(seenByTeacher).toMatchObject({ cancelledByGuardian: "Maria Parent", requestedBy: "Diego Parent" });
  });

  it("practice logged by one guardian shows their name to the other and to the teacher's view of the student", async () => {
    const family = await household();
    const studentId = family.studentIds[0]!;
    const logged = await send(t, "POST", "/api/practice/entries", { cookie: family.diegoCookie, body: { studentId, minutes: 25, note: "Scales" } });
    expect(logged.status, logged.text).toBe(201);
    expect((logged.json as unknown as PracticeEntryDTO).loggedBy).toBe("Diego Parent");
    const practice = await send(t, "GET", `/api/practice/students/${studentId}`, { cookie: family.founderCookie });
    expect(practice.status, practice.text).toBe(200);
    expect(JSON.stringify(practice.json)).toContain('"loggedBy":"Diego Parent"');
  });

  it("a teacher's own cancellation names no guardian", async () => {
    const teacher = await newYorkTeacher(t);
    const family = await household();
    const [time] = await firstFreeTimes(teacher.teacherId, 1);
    const requested = await book(t, { cookie: family.diegoCookie, studentIds: family.studentIds }, teacher.teacherId, [time!]);
    const id = (requested.json as { bookings: BookingRequestDTO[] }).bookings[0]!.id;
    expect((await send(t, "POST", `/api/bookings/${id}/accept`, { cookie: teacher.cookie, body: {} })).status).toBe(200);
    expect((await send(t, "POST", `/api/lessons/${id}/cancel`, { cookie: teacher.cookie, body: { scope: "one" } })).status).toBe(200);
    const lesson = (await lessonsOf(family.founderCookie, "/api/lessons/mine")).find((l) => l.id === id)!;
    expect(lesson).toMatchObject({ cancelledBy: "teacher", cancelledByGuardian: null, requestedBy: "Diego Parent" });
  });
});

describe("moves", () => {
  it("a lesson moved by a guardian says who moved it; a later move by the teacher clears it", async () => {
    const teacher = await newYorkTeacher(t);
    const family = await household();
    const [time, later, latest] = await firstFreeTimes(teacher.teacherId, 3);
    const requested = await book(t, { cookie: family.founderCookie, studentIds: family.studentIds }, teacher.teacherId, [time!]);
    const id = (requested.json as { bookings: BookingRequestDTO[] }).bookings[0]!.id;
    expect((await send(t, "POST", `/api/bookings/${id}/accept`, { cookie: teacher.cookie, body: {} })).status).toBe(200);

    const moved = await send(t, "POST", `/api/lessons/${id}/reschedule`, { cookie: family.diegoCookie, body: { startsAt: later } });
    expect(moved.status, moved.text).toBe(200);
    const seenByTeacher = (await lessonsOf(teacher.cookie, "/api/lessons/teaching")).find((l) => l.id === id)!;
    expect(seenByTeacher).toMatchObject({ startsAt: later, movedByGuardian: "Diego Parent", requestedBy: "Maria Parent" });

    const movedBack = await send(t, "POST", `/api/lessons/${id}/reschedule`, { cookie: teacher.cookie, body: { startsAt: latest } });
    expect(movedBack.status, movedBack.text).toBe(200);
    const seenByMaria = (await lessonsOf(family.founderCookie, "/api/lessons/mine")).find((l) => l.id === id)!;
    expect(seenByMaria).toMatchObject({ startsAt: latest, movedByGuardian: null });
  });
});

describe("a household of one guardian", () => {
  it("shows no names: there is nobody to tell apart", async () => {
    const teacher = await newYorkTeacher(t);
    const parent = await createParent(t.deps, { students: 1 });
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const [time] = await firstFreeTimes(teacher.teacherId, 1);
    expect((await book(t, { cookie, studentIds: parent.studentIds }, teacher.teacherId, [time!])).status).toBe(201);
    expect((await requestsOf(teacher.cookie, "/api/bookings/requests")).map((r) => r.requestedBy)).toEqual([null]);
    expect((await requestsOf(cookie, "/api/bookings/mine")).map((r) => r.requestedBy)).toEqual([null]);
    const logged = await send(t, "POST", "/api/practice/entries", { cookie, body: { studentId: parent.studentIds[0]!, minutes: 10 } });
    expect((logged.json as unknown as PracticeEntryDTO).loggedBy).toBeNull();
  });
});
