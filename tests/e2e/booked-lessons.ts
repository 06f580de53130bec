import { expect } from "@playwright/test";
import { makeDiscoverable, type E2EAccount } from "./fixtures";

/** The first day of next month, "yyyy-MM" (slots of a whole month are read at once). */
function nextMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

const newYorkClock = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));

/**
 * Lessons next month made through the real API, as the booking panel makes them: the parent asks
 * for the given New York times of one open day ({ time, type }), and the teacher accepts the ones
 * marked `accept`. Returns the day (New York date) and the booking ids in the order asked.
 */
export async function bookLessons(
  parent: E2EAccount,
  teacher: E2EAccount,
  lessons: { time: string; type: "full" | "intro"; accept: boolean }[],
): Promise<{ date: string; year: number; bookingIds: string[] }> {
  await makeDiscoverable(teacher);
  const { id: teacherId } = (await (await teacher.api.get("/api/teachers/me")).json()) as { id: string };
  const students = (await (await parent.api.get("/api/students")).json()) as { id: string }[];
  const bookingIds: string[] = [];
  let date = "";
  for (const lesson of lessons) {
    const slots = (await (
      await parent.api.get(`/api/teachers/${teacherId}/slots?month=${nextMonth()}&timeZone=America%2FNew_York&type=${lesson.type}`)
    ).json()) as { days: Record<string, { startsAt: string }[]> };
    // The first day that has every wanted time, so all lessons fall on one day.
    date ||= Object.entries(slots.days).find(([, list]) => lessons.every((l) => list.some((s) => newYorkClock(s.startsAt) === l.time)))![0];
    const startsAt = slots.days[date]!.find((s) => newYorkClock(s.startsAt) === lesson.time)!.startsAt;
    const booked = await parent.api.post("/api/bookings", {
      // In person or by phone: formats a teacher accepts without a meeting link (issue 26).
      data: { teacherId, studentId: students[0]!.id, bookingType: lesson.type, format: lesson.type === "full" ? "in_person" : "phone", startTimes: [startsAt] },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookings } = (await booked.json()) as { bookings: { id: string }[] };
    bookingIds.push(bookings[0]!.id);
    if (lesson.accept) expect((await teacher.api.post(`/api/bookings/${bookings[0]!.id}/accept`)).status()).toBe(200);
  }
  return { date, year: Number(date.slice(0, 4)), bookingIds };
}
