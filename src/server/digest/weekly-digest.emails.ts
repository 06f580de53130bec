import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import {
  dayLabel,
  dueDateLabel,
  goalLine,
  homeworkText,
  noteExcerpt,
  practiceLine,
  streakLine,
  weekLabel,
  type DigestChild,
  type DigestHomework,
  type DigestLesson,
  type ParentDigest,
  type SummaryStudent,
  type TeacherSummary,
} from "../../shared/digest/weekly-digest.rules";
import { createElement, type ReactElement } from "react";
import type { MailMessage } from "../mail";
import { DigestHtml, SummaryHtml } from "./weekly-digest-html";

/** React's static renderer, loaded when a weekly email is first built (not at every server start). */
async function renderHtml(element: ReactElement): Promise<string> {
  const { renderToStaticMarkup } = await import("react-dom/server");
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

function homeworkLines(homework: readonly DigestHomework[]): string[] {
  return homework.map((h) => `    - ${homeworkText(h)}${h.dueOn ? ` (due ${dueDateLabel(h.dueOn)})` : ""}`);
}

function lessonLine(lesson: DigestLesson, timeZone: string): string {
  return `${formatLessonTime(new Date(lesson.startsAt), timeZone)}: ${BOOKING_TYPES[lesson.bookingType].label} with ${lesson.teacherName}`;
}

const indent = (text: string, spaces: number) => text.split("\n").map((line) => `${" ".repeat(spaces)}${line}`).join("\n");

function childSection(publicUrl: string, child: DigestChild, digest: ParentDigest): string {
  const { timeZone, weekStart } = digest;
  const firstName = child.name.split(" ")[0] ?? child.name;
  const lines = [child.name.toUpperCase()];
  const goal = goalLine(child.week, child.goal);
  lines.push(`  Practice this week: ${goal ? `${goal}\n    ` : ""}${practiceLine(child.week, child.goal)}`);
  const streak = streakLine(child.streak);
  if (streak) lines.push(`  Streak: ${streak}`);
  if (child.attended.length > 0) {
    const attended = child.attended.map(
      (l) => `    - ${lessonLine(l, timeZone)} (attended)${l.note ? `\n      ${l.teacherName}'s note:\n${indent(noteExcerpt(l.note, firstName), 8)}` : ""}`,
    );
    lines.push(`  Lessons this week:\n${attended.join("\n")}`);
  }
  if (child.reviews.length > 0) {
    const reviews = child.reviews.map(
      (r) => `    - ${homeworkText(r)}: reviewed by ${r.teacherName} on ${dayLabel(r.reviewedAt, timeZone)}${r.comment ? `\n${indent(`"${r.comment}"`, 6)}` : ""}`,
    );
    lines.push(`  Homework reviewed this week:\n${reviews.join("\n")}`);
  }
  if (child.laterThisWeek.length > 0) {
    lines.push(`  Still to come this week:\n${child.laterThisWeek.map((l) => `    - ${lessonLine(l, timeZone)}`).join("\n")}`);
  }
  const nextWeek = `Next week's lessons (${weekLabel(addLocalDays(weekStart, 7))})`;
  lines.push(child.lessons.length > 0 ? `  ${nextWeek}:\n${child.lessons.map((l) => `    - ${lessonLine(l, timeZone)}`).join("\n")}` : `  ${nextWeek}: none booked`);
  if (child.grades.length > 0) {
    lines.push(`  New grades:\n${child.grades.map((g) => `    - ${g.title}: ${g.score}/100 in ${g.className}`).join("\n")}`);
  }
  if (child.achievements.length > 0) {
    lines.push(`  Achievements unlocked:\n${child.achievements.map((a) => `    - ${a.name} in ${a.className}`).join("\n")}`);
  }
  if (child.openHomework.length > 0) lines.push(`  Homework to do:\n${homeworkLines(child.openHomework).join("\n")}`);
  lines.push(`  ${firstName}'s page: ${publicUrl}/parent/student/${child.studentId}`);
  return lines.join("\n");
}

/** The parents' Sunday digest: one section per child with news, then the unread messages. */
export async function weeklyDigestEmail(publicUrl: string, to: string, digest: ParentDigest): Promise<MailMessage> {
  const sections = digest.children.map((child) => childSection(publicUrl, child, digest));
  const unread =
    digest.unreadMessages > 0
      ? `You have ${digest.unreadMessages} unread ${digest.unreadMessages === 1 ? "message" : "messages"}:\n${publicUrl}/messages\n\n`
      : "";
  const subject = `Your week in music: ${weekLabel(digest.weekStart)}`;
  return {
    to,
    kind: "weekly-digest",
    audience: "parent",
    subject,
    html: await renderHtml(createElement(DigestHtml, { digest, title: subject, publicUrl })),
    text:
      `Hi ${digest.firstName},\n\nHere is the week of ${weekLabel(digest.weekStart)} at a glance. Times are in your time zone.\n\n` +
      `${sections.join("\n\n")}${sections.length > 0 ? "\n\n" : ""}${unread}` +
      `Your dashboard: ${publicUrl}/dashboard\n\n` +
      `You get this every Sunday evening. Turn it off in Settings (Weekly digest): ${publicUrl}/settings\n`,
  };
}

function studentSection(student: SummaryStudent): string {
  const goal = goalLine(student.week, student.goal);
  const lines = [`${student.name}`, `  Practice: ${goal ? `${goal}\n    ` : ""}${practiceLine(student.week, student.goal)}`];
  const streak = streakLine(student.streak);
  if (streak) lines.push(`  Streak: ${streak}`);
  lines.push(student.openHomework.length > 0 ? `  Open homework:\n${homeworkLines(student.openHomework).join("\n")}` : "  Open homework: none");
  return lines.join("\n");
}

/** The teachers' Sunday summary: each student who practised or has homework of theirs open. */
export async function weeklySummaryEmail(publicUrl: string, to: string, summary: TeacherSummary): Promise<MailMessage> {
  const subject = `Your students' practice: ${weekLabel(summary.weekStart)}`;
  return {
    to,
    kind: "weekly-summary",
    audience: "teacher",
    subject,
    html: await renderHtml(createElement(SummaryHtml, { summary, title: subject, publicUrl })),
    text:
      `Hi ${summary.firstName},\n\nYour students' practice in the week of ${weekLabel(summary.weekStart)}, as their families logged it (timed minutes come from the practice timer).\n\n` +
      `${summary.students.map(studentSection).join("\n\n")}\n\n` +
      `Set or review homework in My Students: ${publicUrl}/teacher/students\n\n` +
      `You get this every Sunday evening. Turn it off in Settings (Weekly summary): ${publicUrl}/teacher/settings\n`,
  };
}
