import { describe, expect, it } from "vitest";
import { createParent } from "../../../tests/factories/accounts";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import { currentStreak, longestStreak, streakAliveOn } from "../../shared/practice/streak.rules";
import { practiceEntries } from "../db/schema";
import { dayTotals, streakStates } from "./practice-days.repo";

/**
 * Issue 42: the streaks are computed in SQL (practice.repo.ts streakStates) instead of reading each
 * student's whole history into JavaScript. The rule stays the one of streak.rules.ts: for the same
 * histories, the database's longest streak and the current streak read from its last run are the
 * rule's, on the cases of the rule's own tests (rests a week apart, a second rest within a week,
 * month and year ends, daylight-saving days, future days after a move west) and on random histories.
 */
const t = testAppForFile();

const daysFrom = (start: string, count: number) => Array.from({ length: count }, (_, i) => addLocalDays(start, i));

/** The histories of streak.rules.test.ts, each with the day it is read on. */
const CASES: { days: string[]; today: string }[] = [
  { days: [], today: "2026-11-27" },
  { days: ["2026-11-27"], today: "2026-11-27" },
  { days: ["2026-11-26"], today: "2026-11-27" },
  { days: ["2026-11-24", "2026-11-26", "2026-11-27"], today: "2026-11-27" },
  { days: ["2026-11-24", "2026-11-25"], today: "2026-11-27" },
  { days: ["2026-11-23", "2026-11-24"], today: "2026-11-27" },
  { days: ["2026-11-20", "2026-11-21", "2026-11-24", "2026-11-25"], today: "2026-11-25" },
  { days: ["2026-11-20", "2026-11-21", "2026-11-23", "2026-11-24", "2026-11-26"], today: "2026-11-26" },
  { days: [...daysFrom("2026-11-08", 6), ...daysFrom("2026-11-15", 6), ...daysFrom("2026-11-22", 6)], today: "2026-11-27" },
  { days: ["2026-11-20", "2026-11-21", "2026-11-23", "2026-11-24", "2026-11-25"], today: "2026-11-27" },
  { days: ["2026-11-27", "2026-11-28", "2026-11-29"], today: "2026-11-27" },
  { days: daysFrom("2026-12-25", 10), today: "2027-01-03" },
  { days: ["2027-02-27", "2027-02-28", "2027-03-01"], today: "2027-03-01" },
  { days: [...daysFrom("2026-01-01", 20), ...daysFrom("2026-11-20", 3)], today: "2026-11-22" },
  { days: [...daysFrom("2026-03-01", 6), ...daysFrom("2026-03-08", 6)], today: "2026-03-20" },
  { days: [...daysFrom("2026-03-01", 3), ...daysFrom("2026-03-05", 2), ...daysFrom("2026-03-08", 4)], today: "2026-03-11" },
  { days: [...daysFrom("2026-10-01", 4), ...daysFrom("2026-10-06", 30)], today: "2026-11-04" },
  // Daylight-saving days in New York (25 and 23 hours): calendar days all the same.
  { days: ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"], today: "2026-11-04" },
  { days: ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"], today: "2026-03-09" },
  // A move west: the last day logged is after today.
  { days: daysFrom("2026-11-20", 8), today: "2026-11-26" },
];

/** A random history: runs of practice separated by 1 to 4 missed days, over a year end. */
function randomHistory(seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const days: string[] = [];
  let day = addLocalDays("2026-10-01", Math.floor(next() * 30));
  const count = 5 + Math.floor(next() * 60);
  for (let i = 0; i < count; i++) {
    days.push(day);
    const r = next();
    day = addLocalDays(day, r < 0.55 ? 1 : r < 0.85 ? 2 : r < 0.95 ? 3 : 4);
  }
  return days;
}

async function insertHistory(parentId: string, studentId: string, days: readonly string[]) {
  if (days.length === 0) return;
  // Two entries on some days (timed and typed): a day counts once.
  await t.deps.db.insert(practiceEntries).values(
    days.flatMap((practicedOn, i) => [
      { studentId, parentId, practicedOn, minutes: 10 + (i % 7), source: "self_reported" },
      ...(i % 3 === 0 ? [{ studentId, parentId, practicedOn, minutes: 5, source: "timed" }] : []),
    ]),
  );
}

describe("streaks in SQL follow the rest-day rule of streak.rules.ts", () => {
  it("the rule's cases and 60 random histories: the same longest and current streaks", async () => {
    const randoms = Array.from({ length: 60 }, (_, i) => {
      const days = randomHistory(i + 1);
      // Read on the last day, the day after, two days after, and in the middle of the history.
      return [0, 1, 2, 3].map((k) => ({ days, today: k === 3 ? days[Math.floor(days.length / 2)]! : addLocalDays(days.at(-1)!, k) }));
    });
    const histories = [...CASES.map((c) => [c]), ...randoms];
    const family = await createParent(t.deps, { students: histories.length });
    await Promise.all(histories.map((readings, i) => insertHistory(family.parentId, family.studentIds[i]!, readings[0]!.days)));

    for (const k of [0, 1, 2, 3]) {
      const asked = histories.flatMap((readings, i) => (readings[k] ? [{ studentId: family.studentIds[i]!, reading: readings[k] }] : []));
      const states = await streakStates(
        t.deps.db,
        asked.map(({ studentId, reading }) => ({ studentId, asOf: reading.today })),
      );
      for (const { studentId, reading } of asked) {
        const state = states.get(studentId)!;
        const label = `${reading.days.join(",")} on ${reading.today}`;
        expect({ label, longest: state.longest, current: streakAliveOn(state.last, reading.today), practiceDays: state.practiceDays }).toEqual({
          label,
          longest: longestStreak(reading.days),
          current: currentStreak(reading.days, reading.today),
          practiceDays: new Set(reading.days).size,
        });
      }
    }
  });

  it("a student with no practice: zeros and no run", async () => {
    const family = await createParent(t.deps);
    const states = await streakStates(t.deps.db, [{ studentId: family.studentIds[0]!, asOf: "2026-11-27" }]);
    expect(states.get(family.studentIds[0]!)).toEqual({ longest: 0, practiceDays: 0, last: null });
  });
});

describe("day totals are windowed in SQL", () => {
  it("only the days of each student's window come back, summed per day with the timed part", async () => {
    const family = await createParent(t.deps, { students: 2 });
    const [a, b] = family.studentIds as [string, string];
    await insertHistory(family.parentId, a, daysFrom("2026-09-01", 90));
    await insertHistory(family.parentId, b, daysFrom("2026-11-01", 30));
    const totals = await dayTotals(t.deps.db, [
      { studentId: a, from: "2026-11-23", to: "2026-11-29" },
      { studentId: b, from: "2026-11-16", to: "2026-11-22" },
    ]);
    expect(totals.filter((d) => d.studentId === a).map((d) => d.date)).toEqual(daysFrom("2026-11-23", 7));
    expect(totals.filter((d) => d.studentId === b).map((d) => d.date)).toEqual(daysFrom("2026-11-16", 7));
    // 2026-11-23 is day 83 of a's history (from 2026-09-01): 10 + 83 % 7 typed, and 5 timed on every third day.
    expect(totals.find((d) => d.studentId === a && d.date === "2026-11-23")).toEqual({ studentId: a, date: "2026-11-23", minutes: 10 + (83 % 7), timedMinutes: 0 });
    expect(totals.find((d) => d.studentId === a && d.date === "2026-11-24")).toEqual({ studentId: a, date: "2026-11-24", minutes: 10 + (84 % 7) + 5, timedMinutes: 5 });
  });
});
