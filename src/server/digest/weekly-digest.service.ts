import { progressMetricsSchema } from "../../shared/classes/classes.schemas";
import {
  digestWorthSending,
  nextWeekRange,
  summaryWorthSending,
  type DigestChild,
  type ParentDigest,
  type SummaryStudent,
  type TeacherSummary,
} from "../../shared/digest/weekly-digest.rules";
import type { MailMessage } from "../mail";
import { weeklyDigestEmail, weeklySummaryEmail } from "./weekly-digest.emails";
import type { Deps } from "../deps";
import { openHomeworkOf, practiceStudentsOfParent, practiceStudentsOfTeacher, practiceWeeksOf } from "../practice";
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

export async function parentDigest(deps: DbDeps, userId: string, weekStart: string, now: Date): Promise<(ParentDigest & { email: string }) | null> {
  const parent = await repo.parentRecipient(deps.db, userId);
  if (!parent) return null;
  const students = await practiceStudentsOfParent(deps, parent.profileId);
  const ids = students.map((s) => s.studentId);
  const since = new Date(now.getTime() - WEEK_MS);
  const nextWeek = nextWeekRange(weekStart, parent.timeZone);
  const [homework, lessons, grades, classes, unreadMessages] = await Promise.all([
    openHomeworkOf(deps, ids, now, null),
    repo.lessonsBetween(deps.db, parent.profileId, nextWeek.from, nextWeek.to),
    repo.gradesSince(deps.db, parent.profileId, since),
    repo.classesOfFamily(deps.db, parent.profileId),
    repo.unreadMessageCount(deps.db, userId),
  ]);
  const weekOf = await practiceWeeksOf(deps, students, homework.open, now);
  return {
    email: parent.email,
    firstName: parent.firstName,
    timeZone: parent.timeZone,
    weekStart,
    unreadMessages,
    children: students.map((student): DigestChild => ({
      studentId: student.studentId,
      name: student.studentName,
      lessons: lessons.filter((l) => l.studentId === student.studentId).map(({ studentId: _, ...lesson }) => lesson),
      ...weekOf(student),
      grades: grades.filter((g) => g.studentId === student.studentId).map(({ studentId: _, ...grade }) => grade),
      achievements: newAchievements(classes, student.studentId, since),
      openHomework: homework.describe(student.studentId),
    })),
  };
}

export async function teacherSummary(deps: DbDeps, userId: string, weekStart: string, now: Date): Promise<(TeacherSummary & { email: string }) | null> {
  const teacher = await repo.teacherRecipient(deps.db, userId);
  if (!teacher) return null;
  const students = await practiceStudentsOfTeacher(deps, teacher.profileId);
  const homework = await openHomeworkOf(
    deps,
    students.map((s) => s.studentId),
    now,
    teacher.profileId,
  );
  const weekOf = await practiceWeeksOf(deps, students, homework.open, now);
  return {
    email: teacher.email,
    firstName: teacher.firstName,
    weekStart,
    students: students.map((student): SummaryStudent => ({
      studentId: student.studentId,
      name: student.studentName,
      ...weekOf(student),
      openHomework: homework.describe(student.studentId),
    })),
  };
}

/**
 * The week's email of an account as it stands at `now`: the digest for a parent, the summary for
 * a teacher, or null when the account is gone or the week has nothing to say. Sunday's job and
 * "Email me this week's now" both send exactly this.
 */
export async function weeklyEmail(
  deps: Pick<Deps, "db" | "env">,
  audience: "parent" | "teacher",
  userId: string,
  weekStart: string,
  now: Date,
): Promise<MailMessage | null> {
  if (audience === "parent") {
    const digest = await parentDigest(deps, userId, weekStart, now);
    const worth = digest && digestWorthSending(digest);
    return digest && worth ? weeklyDigestEmail(deps.env.PUBLIC_URL, digest.email, worth) : null;
  }
  const summary = await teacherSummary(deps, userId, weekStart, now);
  const worth = summary && summaryWorthSending(summary);
  return summary && worth ? weeklySummaryEmail(deps.env.PUBLIC_URL, summary.email, worth) : null;
}
