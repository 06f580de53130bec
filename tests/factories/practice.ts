import { eq } from "drizzle-orm";
import { homework, homeworkItems, parentProfiles, practiceEntries, practiceTimers } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";
import type { PracticeSource } from "../../src/shared/practice/practice.constants";

/**
 * Practice data (issue 29) written straight to the tables, for states the API only reaches with
 * time passing: homework set days ago or due yesterday, a timer started hours ago.
 */

export async function createHomework(
  deps: Pick<Deps, "db">,
  options: {
    teacherId: string;
    studentId: string;
    classId?: string | null;
    dueOn: string;
    goalMinutesPerDay?: number | null;
    goalDaysPerWeek?: number | null;
    createdAt?: Date;
    items?: string[];
  },
): Promise<{ homeworkId: string; itemIds: string[] }> {
  const [row] = await deps.db
    .insert(homework)
    .values({
      teacherId: options.teacherId,
      studentId: options.studentId,
      classId: options.classId ?? null,
      dueOn: options.dueOn,
      goalMinutesPerDay: options.goalMinutesPerDay ?? null,
      goalDaysPerWeek: options.goalDaysPerWeek ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: homework.id });
  const items = await deps.db
    .insert(homeworkItems)
    .values((options.items ?? ["C major scale, hands together"]).map((description, position) => ({ homeworkId: row!.id, description, position })))
    .returning({ id: homeworkItems.id });
  return { homeworkId: row!.id, itemIds: items.map((item) => item.id) };
}

export async function createEntry(
  deps: Pick<Deps, "db">,
  options: { studentId: string; parentId: string; practicedOn: string; minutes: number; source?: PracticeSource },
): Promise<string> {
  const [row] = await deps.db
    .insert(practiceEntries)
    .values({ ...options, source: options.source ?? "self_reported" })
    .returning({ id: practiceEntries.id });
  return row!.id;
}

/** A timer started `minutesAgo` minutes ago, running unless `paused`. */
export async function createTimer(
  deps: Pick<Deps, "db">,
  options: { studentId: string; parentId: string; minutesAgo: number; paused?: boolean },
): Promise<void> {
  const now = Date.now();
  await deps.db
    .insert(practiceTimers)
    .values({
      studentId: options.studentId,
      parentId: options.parentId,
      startedAt: new Date(now - options.minutesAgo * 60_000),
      pausedAt: options.paused ? new Date(now) : null,
    })
    .onConflictDoUpdate({
      target: practiceTimers.studentId,
      set: { startedAt: new Date(now - options.minutesAgo * 60_000), pausedAt: options.paused ? new Date(now) : null, pausedMs: 0 },
    });
}

export async function setParentZone(deps: Pick<Deps, "db">, parentId: string, timeZone: string): Promise<void> {
  await deps.db.update(parentProfiles).set({ timeZone }).where(eq(parentProfiles.id, parentId));
}

/** A calendar day `days` from today in UTC (negative: back). */
export function utcDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The authorization matrix's practice: homework of the teacher for the parent's first student,
 * due two days ago (so it can be reviewed), an entry of today, and a timer running 5 minutes
 * (so stop-and-log succeeds); the second student has no timer (so a start succeeds).
 */
export async function createWorldPractice(
  deps: Pick<Deps, "db">,
  options: { teacherId: string; parentId: string; studentId: string; classId: string },
) {
  const hw = await createHomework(deps, { teacherId: options.teacherId, studentId: options.studentId, classId: options.classId, dueOn: utcDay(-2) });
  const entryDay = utcDay(-1);
  const entryId = await createEntry(deps, { studentId: options.studentId, parentId: options.parentId, practicedOn: entryDay, minutes: 20 });
  await createTimer(deps, { studentId: options.studentId, parentId: options.parentId, minutesAgo: 5 });
  return { homeworkId: hw.homeworkId, itemId: hw.itemIds[0]!, entryId, entryDay };
}
