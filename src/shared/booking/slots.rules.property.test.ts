import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { describe, expect, it } from "vitest";
import { BOOKING_TYPES, type BookingType } from "./booking.constants";
import { groupByViewerDay, monthRange, openSlots, SLOT_STEP_MINUTES, type Interval, type Slot, type SlotWindow as WeeklyWindow } from "./slots.rules";

// The fast rules (the zone's offsets read once per span) against the straightforward ones they
// replaced (a TZDate per slot start and end), over random windows, zones and months with
// daylight-saving changes. The generator is seeded: a failure names its seed and case.

// ---------------------------------------------------------------------------------------------
// Reference: the per-slot TZDate rules as they were before (issue 16)
// ---------------------------------------------------------------------------------------------

function minutesOf(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

function referenceOpenSlots(input: Parameters<typeof openSlots>[0]): Slot[] {
  const length = BOOKING_TYPES[input.bookingType].minutes;
  const step = SLOT_STEP_MINUTES[input.bookingType];
  const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
  const slots: Slot[] = [];
  const first = new TZDate(input.from.getTime() - 24 * 3600_000, input.teacherTimeZone);
  const last = new TZDate(input.to.getTime() + 24 * 3600_000, input.teacherTimeZone);
  for (let day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), input.teacherTimeZone); day <= last; day = addDays(day, 1)) {
    const windows = input.windows.filter((w) => w.dayOfWeek === day.getDay());
    for (const window of windows) {
      const end = minutesOf(window.endTime);
      for (let start = minutesOf(window.startTime); start + length <= end; start += step) {
        const startsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(start / 60), start % 60, input.teacherTimeZone);
        const endsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor((start + length) / 60), (start + length) % 60, input.teacherTimeZone);
        if (startsAt.getHours() * 60 + startsAt.getMinutes() !== start) continue;
        if (endsAt.getTime() - startsAt.getTime() !== length * 60_000) continue;
        const slot = { startsAt: new Date(startsAt.getTime()), endsAt: new Date(endsAt.getTime()), format: window.format };
        if (slot.startsAt <= input.now || slot.startsAt < input.from || slot.startsAt >= input.to) continue;
        if (input.taken.some((t) => overlaps(t, slot))) continue;
        slots.push(slot);
      }
    }
  }
  slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return slots.filter((s, i) => i === 0 || s.startsAt.getTime() !== slots[i - 1]!.startsAt.getTime());
}

function referenceMonthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return { from: new Date(new TZDate(y, m - 1, 1, timeZone).getTime()), to: new Date(new TZDate(y, m, 1, timeZone).getTime()) };
}

function referenceGroupByViewerDay<T extends Interval>(slots: readonly T[], viewerTimeZone: string): Record<string, T[]> {
  const days: Record<string, T[]> = {};
  for (const slot of slots) (days[format(new TZDate(slot.startsAt.getTime(), viewerTimeZone), "yyyy-MM-dd")] ??= []).push(slot);
  return days;
}

// ---------------------------------------------------------------------------------------------
// Seeded generator
// ---------------------------------------------------------------------------------------------

/** mulberry32: small, fast and good enough to spread cases. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}

/** Zones with their daylight-saving months (1-12) and the years to draw from. */
const ZONES: ReadonlyArray<{ zone: string; changeMonths: number[]; years: [number, number] }> = [
  { zone: "America/New_York", changeMonths: [3, 11], years: [2025, 2032] },
  { zone: "Europe/London", changeMonths: [3, 10], years: [2025, 2032] },
  // Half-hour daylight saving (+10:30 / +11:00), changes at 02:00 local.
  { zone: "Australia/Lord_Howe", changeMonths: [4, 10], years: [2025, 2032] },
  // No daylight saving, half-hour offset.
  { zone: "Asia/Kolkata", changeMonths: [1, 6], years: [2025, 2032] },
  // +12:45 / +13:45, changes at 02:45 local.
  { zone: "Pacific/Chatham", changeMonths: [4, 9], years: [2025, 2032] },
  // Daylight saving until 2019, with changes at midnight (the local day starts at 01:00).
  { zone: "America/Sao_Paulo", changeMonths: [2, 10, 11], years: [2014, 2020] },
];
const VIEWER_ZONES = [...ZONES.map((z) => z.zone), "UTC", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
const FORMATS = ["both", "online", "in_person"];

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function randomWindows(random: ReturnType<typeof prng>): WeeklyWindow[] {
  const windows: WeeklyWindow[] = [];
  const shape = random.int(0, 3);
  if (shape === 0) {
    // The demo teacher: every day 09:00-17:00.
    for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) windows.push({ dayOfWeek, startTime: "09:00:00", endTime: "17:00:00", format: "both" });
    return windows;
  }
  for (let i = random.int(1, 6); i > 0; i--) {
    // Night windows often enough to cross the changes at 00:00-03:00; ends up to 24:00.
    const start = random.next() < 0.4 ? random.int(0, 16) * 15 : random.int(0, 95) * 15 + random.pick([0, 0, 0, 5, 10]);
    const end = Math.min(24 * 60, start + random.int(1, 16) * 15 + random.pick([0, 0, 5]));
    windows.push({ dayOfWeek: random.int(0, 6), startTime: `${hhmm(start)}:00`, endTime: hhmm(end), format: random.pick(FORMATS) });
  }
  return windows;
}

interface Case {
  input: Parameters<typeof openSlots>[0];
  month: string;
  viewer: string;
}

function randomCase(random: ReturnType<typeof prng>): Case {
  const { zone, changeMonths, years } = random.pick(ZONES);
  const year = random.int(years[0], years[1]);
  const monthNumber = random.next() < 0.7 ? random.pick(changeMonths) : random.int(1, 12);
  const month = `${year}-${String(monthNumber).padStart(2, "0")}`;
  const viewer = random.next() < 0.5 ? zone : random.pick(VIEWER_ZONES);
  const bookingType: BookingType = random.pick(["intro", "full"]);
  let from: Date;
  let to: Date;
  if (random.next() < 0.5) {
    ({ from, to } = referenceMonthRange(month, viewer));
  } else {
    // Any span of up to ten days, starting on any minute of the month.
    const start = Date.UTC(year, monthNumber - 1, 1) + random.int(-2 * 24 * 60, 30 * 24 * 60) * 60_000;
    from = new Date(start);
    to = new Date(start + random.int(1, 10 * 24 * 60) * 60_000);
  }
  const span = to.getTime() - from.getTime();
  const now = new Date(random.next() < 0.5 ? from.getTime() - 86_400_000 : from.getTime() + Math.floor(random.next() * span));
  const taken: Interval[] = [];
  for (let i = random.int(0, 8); i > 0; i--) {
    const startsAt = from.getTime() + random.int(-120, Math.floor(span / 60_000)) * 60_000;
    taken.push({ startsAt: new Date(startsAt), endsAt: new Date(startsAt + random.pick([15, 30, 60, 90, 240]) * 60_000) });
  }
  return { input: { windows: randomWindows(random), teacherTimeZone: zone, bookingType, from, to, now, taken }, month, viewer };
}

const plain = (slots: readonly Slot[]) => slots.map((s) => `${s.startsAt.toISOString()}/${s.endsAt.toISOString()}/${s.format}`);

describe("openSlots against the per-slot TZDate reference", () => {
  const SEED = Number(process.env.SLOTS_PROPERTY_SEED ?? 20261122);
  const CASES = Number(process.env.SLOTS_PROPERTY_CASES ?? 80);

  it(`agrees on ${CASES} random windows, zones and months (seed ${SEED})`, () => {
    const random = prng(SEED);
    let compared = 0;
    for (let index = 0; index < CASES; index++) {
      const { input, month, viewer } = randomCase(random);
      const label = `seed ${SEED}, case ${index}: ${input.teacherTimeZone} ${month} ${input.bookingType} viewer ${viewer}`;
      const expected = referenceOpenSlots(input);
      const actual = openSlots(input);
      expect(plain(actual), label).toEqual(plain(expected));
      const grouped = (days: Record<string, Slot[]>) => Object.entries(days).map(([day, list]) => [day, plain(list)]);
      expect(grouped(groupByViewerDay(actual, viewer)), label).toEqual(grouped(referenceGroupByViewerDay(expected, viewer)));
      const range = monthRange(month, input.teacherTimeZone);
      const referenceRange = referenceMonthRange(month, input.teacherTimeZone);
      expect([range.from.toISOString(), range.to.toISOString()], label).toEqual([referenceRange.from.toISOString(), referenceRange.to.toISOString()]);
      compared += expected.length;
    }
    // The cases must exercise real slots, not compare empty lists.
    expect(compared).toBeGreaterThan(CASES * 20);
  }, 120_000);

  it.each(ZONES.flatMap(({ zone, changeMonths, years }) => changeMonths.map((m) => [zone, `${years[0] + 1}-${String(m).padStart(2, "0")}`] as const)))(
    "agrees around the clock in %s, %s (every quarter hour of every day, both lengths)",
    (zone, month) => {
      const allDay: WeeklyWindow[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "00:00", endTime: "24:00", format: "both" }));
      const { from, to } = referenceMonthRange(month, zone);
      for (const bookingType of ["intro", "full"] as const) {
        const input = { windows: allDay, teacherTimeZone: zone, bookingType, from, to, now: new Date(0), taken: [] };
        expect(plain(openSlots(input)), `${zone} ${month} ${bookingType}`).toEqual(plain(referenceOpenSlots(input)));
      }
    },
    30_000,
  );
});

describe("openSlots speed", () => {
  it("builds a month of intro slots (every day 09:00-17:00) in well under a millisecond per day", () => {
    const windows: WeeklyWindow[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "09:00:00", endTime: "17:00:00", format: "both" }));
    const base = { windows, teacherTimeZone: "America/New_York", bookingType: "intro" as const, now: new Date(0), taken: [] };
    const input = { ...base, ...referenceMonthRange("2031-03", base.teacherTimeZone) };
    const perDay = (build: () => Slot[], rounds: number) => {
      build(); // warm up (the fast rules keep the zone's offsets of the month, as the server does)
      const started = performance.now();
      for (let i = 0; i < rounds; i++) expect(build().length).toBeGreaterThan(900);
      return (performance.now() - started) / rounds / 31;
    };
    const fast = perDay(() => openSlots(input), 50);
    const reference = perDay(() => referenceOpenSlots(input), 2);
    // Measured against the reference on the same (possibly busy) machine, plus a loose bound.
    expect(fast, `fast ${fast.toFixed(3)} ms a day, reference ${reference.toFixed(3)} ms a day`).toBeLessThan(reference / 10);
    expect(fast).toBeLessThan(0.5);
  });
});
