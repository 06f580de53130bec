import { progressMetricsSchema } from "../../shared/classes/classes.schemas";
import {
  digestWorthSending,
  inRange,
  nextWeekRange,
  weekRange,
  type DigestLesson,
  summaryWorthSending,
  type DigestChild,
  type ParentDigest,
  type SummaryStudent,
  type TeacherSummary,
} from "../../shared/digest/weekly-digest.rules";
import type { MailMessage } from "../mail";
import { weeklyDigestEmail, weeklySummaryEmail } from "./weekly-digest.emails";
import type { Deps } from "../deps";
import { openHomeworkOf, practiceStudentsOfParents, practiceStudentsOfTeachers, practiceWeeksOf } from "../practice";
import * as repo from "./weekly-digest.repo";

/**
 * The figures of the weekly emails (issue 29), read at send time from what was logged and given,
 * the same rules as the pages (practice-figures.service): nothing is invented, and a week with
 * nothing in it is left out by the rules in src/shared/digest.
 */

type DbDeps = Pick<Deps, "db">;
const WEEK_MS = 7 * 86_400_000;

/** Achievements of the family's classes unlocked in (since, now]. */
function newAchievements(rows: repo.ClassProgressRow[], studentId: string, since: Date): DigestChild["achievements"] {
  return rows
    .filter((row) => row.studentId === studentId)
    .flatMap((row) => {
      const parsed = progressMetricsSchema.safeParse(row.progressMetrics);
      if (!parsed.success) return [];
      return parsed.data.categories.flatMap((category) =>
        category.achievements
          .filter((a) => a.unlocked && a.unlockedAt !== undefined && new Date(a.unlockedAt) >= since)
          .map((a) => ({ classId: row.classId, className: row.className, name: a.name })),
      );
    });
}

type Built<T> = T & { userId: string; email: string };

/**
 * The digests of a batch of parents (one zone's, or one for "Email me this week's now"): a fixed
 * number of queries for all. Each guardian's is their household's week (issue 45: the family's
 * children, read once for the households of the batch) on their own calendar: "this week" and
 * "next week" are Monday to Sunday on each reader's calendar (issue 41); what happened this week
 * is what happened by `now`.
 */
export async function parentDigests(deps: DbDeps, userIds: readonly string[], weekStart: string, now: Date): Promise<Built<ParentDigest>[]> {
  const parents = await repo.parentRecipients(deps.db, userIds);
  if (parents.length === 0) return [];
  const parentIds = [...new Set(parents.map((p) => p.householdId))];
  const students = await practiceStudentsOfParents(deps, parentIds);
  const since = new Date(now.getTime() - WEEK_MS);
  const weeks = new Map(parents.map((p) => [p.profileId, { thisWeek: weekRange(weekStart, p.timeZone), nextWeek: nextWeekRange(weekStart, p.timeZone) }]));
  const ranges = [...weeks.values()];
  const from = new Date(Math.min(...ranges.map((r) => r.thisWeek.from.getTime())));
  const to = new Date(Math.max(...ranges.map((r) => r.nextWeek.to.getTime())));
  const [homework, lessons, grades, classes, unread] = await Promise.all([
    openHomeworkOf(
      deps,
      students.map((s) => s.studentId),
      now,
      from,
    ),
    repo.lessonsBetween(deps.db, parentIds, from, to),
    repo.gradesSince(deps.db, parentIds, since),
    repo.classesOfFamilies(deps.db, parentIds),
    repo.unreadMessageCounts(deps.db, userIds),
  ]);
  const weekOf = await practiceWeeksOf(deps, students, now, weekStart);
  return parents.map((parent) => {
    const { thisWeek, nextWeek } = weeks.get(parent.profileId)!;
    // What has happened this week: up to now, or the whole week once it is over.
    const sofar = { from: thisWeek.from, to: new Date(Math.min(now.getTime(), thisWeek.to.getTime())) };
    const rest = { from: new Date(Math.max(now.getTime(), thisWeek.from.getTime())), to: thisWeek.to };
    return {
      userId: parent.userId,
      email: parent.email,
      firstName: parent.firstName,
      timeZone: parent.timeZone,
      weekStart,
      unreadMessages: unread.get(parent.userId) ?? 0,
      children: students
        .filter((student) => student.parentId === parent.householdId)
        .map((student): DigestChild => {
          const own = lessons.filter((l) => l.studentId === student.studentId);
          return {
            studentId: student.studentId,
            name: student.studentName,
            lessons: own.filter((l) => inRange(l.startsAt, nextWeek)).map(lessonOnly),
            laterThisWeek: own.filter((l) => l.attendance === null && inRange(l.startsAt, rest)).map(lessonOnly),
            attended: own.filter((l) => l.attendance === "attended" && inRange(l.startsAt, sofar)).map((l) => ({ ...lessonOnly(l), note: l.note })),
            reviews: homework.reviewsOf(student.studentId, sofar),
            ...weekOf(student, homework.of(student.studentId)),
            grades: grades.filter((g) => g.studentId === student.studentId).map(({ studentId: _, ...grade }) => grade),
            achievements: newAchievements(classes, student.studentId, since),
            openHomework: homework.describe(student.studentId),
          };
        }),
    };
  });
}

const lessonOnly = (l: repo.DigestLessonRow): DigestLesson => ({ startsAt: l.startsAt, teacherName: l.teacherName, bookingType: l.bookingType });

/** The summaries of a batch of teachers: a fixed number of queries for all. */
export async function teacherSummaries(deps: DbDeps, userIds: readonly string[], weekStart: string, now: Date): Promise<Built<TeacherSummary>[]> {
  const teachers = await repo.teacherRecipients(deps.db, userIds);
  if (teachers.length === 0) return [];
  const students = await practiceStudentsOfTeachers(
    deps,
    teachers.map((t) => t.profileId),
  );
  const homework = await openHomeworkOf(
    deps,
    [...new Set(students.map((s) => s.studentId))],
    now,
  );
  const weekOf = await practiceWeeksOf(deps, students, now, weekStart);
  return teachers.map((teacher) => ({
    userId: teacher.userId,
    email: teacher.email,
    firstName: teacher.firstName,
    weekStart,
    students: students
      .filter((student) => student.teacherId === teacher.profileId)
      .map((student): SummaryStudent => ({
        studentId: student.studentId,
        name: student.studentName,
        // The goal of this teacher's own newest open homework.
        ...weekOf(student, homework.of(student.studentId, teacher.profileId)),
        openHomework: homework.describe(student.studentId, teacher.profileId),
      })),
  }));
}

/**
 * The week's emails of a batch of accounts as they stand at `now`: digests for parents, summaries
 * for teachers, each with the account it goes to; an account gone, or whose week has nothing to
 * say, gets none. Sunday's jobs and "Email me this week's now" both send exactly these.
 */
export async function weeklyEmails(
  deps: Pick<Deps, "db" | "env">,
  audience: "parent" | "teacher",
  userIds: readonly string[],
  weekStart: string,
  now: Date,
): Promise<{ userId: string; message: MailMessage }[]> {
  if (audience === "parent") {
    const digests = (await parentDigests(deps, userIds, weekStart, now)).flatMap((digest) => {
      const worth = digestWorthSending(digest);
      return worth ? [{ userId: digest.userId, worth, email: digest.email }] : [];
    });
    return Promise.all(digests.map(async ({ userId, worth, email }) => ({ userId, message: await weeklyDigestEmail(deps.env.PUBLIC_URL, email, worth) })));
  }
  const summaries = (await teacherSummaries(deps, userIds, weekStart, now)).flatMap((summary) => {
    const worth = summaryWorthSending(summary);
    return worth ? [{ userId: summary.userId, worth, email: summary.email }] : [];
  });
  return Promise.all(summaries.map(async ({ userId, worth, email }) => ({ userId, message: await weeklySummaryEmail(deps.env.PUBLIC_URL, email, worth) })));
}

/** One account's week (the settings page's "Email me this week's now"). */
export async function weeklyEmail(
  deps: Pick<Deps, "db" | "env">,
  audience: "parent" | "teacher",
  userId: string,
  weekStart: string,
  now: Date,
): Promise<MailMessage | null> {
  return (await weeklyEmails(deps, audience, [userId], weekStart, now))[0]?.message ?? null;
}
