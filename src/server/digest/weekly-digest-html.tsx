import type { CSSProperties, ReactNode } from "react";
import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import {
  dayLabel,
  dueDateLabel,
  goalLine,
  goalMinutes,
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

/**
 * The HTML part of the weekly emails: the same facts and words as the text part, laid out for a
 * phone's mail app. Email clients ignore style sheets, so every style is inline; no images or
 * fonts from elsewhere. Rendered by React's static renderer, which escapes every name and title.
 */

const BRAND = "#4338ca";
const page: CSSProperties = { margin: 0, padding: "24px 12px", background: "#f1f5f9", fontFamily: "Arial, Helvetica, sans-serif", color: "#0f172a" };
const card: CSSProperties = { maxWidth: 600, margin: "0 auto", background: "#ffffff", borderRadius: 12, padding: 24 };
const section: CSSProperties = { borderTop: "1px solid #e2e8f0", paddingTop: 16, marginTop: 16 };
const label: CSSProperties = { fontSize: 12, fontWeight: 700, color: "#475569", textTransform: "uppercase", letterSpacing: 0.5, margin: "12px 0 4px" };
const text: CSSProperties = { fontSize: 15, lineHeight: "22px", margin: "0 0 4px" };
const muted: CSSProperties = { ...text, color: "#475569" };
const button: CSSProperties = { display: "inline-block", background: BRAND, color: "#ffffff", textDecoration: "none", padding: "10px 16px", borderRadius: 8, fontWeight: 700, fontSize: 14 };
const link: CSSProperties = { color: BRAND };

function Frame({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={page}>
        <div style={card}>
          <p style={{ ...text, color: BRAND, fontWeight: 700 }}>Music Lessons</p>
          <h1 style={{ fontSize: 22, lineHeight: "28px", margin: "4px 0 8px" }}>{title}</h1>
          {children}
        </div>
        <p style={{ ...muted, fontSize: 12, maxWidth: 600, margin: "12px auto 0", textAlign: "center" }}>{footer}</p>
      </body>
    </html>
  );
}

function Bar({ minutes, goalMinutes }: { minutes: number; goalMinutes: number | null }) {
  if (!goalMinutes) return null;
  const share = Math.min(100, Math.round((minutes / goalMinutes) * 100));
  return (
    <div role="img" aria-label={`${minutes} of ${goalMinutes} goal minutes`} style={{ background: "#e2e8f0", borderRadius: 4, height: 8, margin: "6px 0 8px" }}>
      <div style={{ background: BRAND, borderRadius: 4, height: 8, width: `${share}%` }} />
    </div>
  );
}

const list: CSSProperties = { margin: "0 0 4px", paddingLeft: 20 };
const quote: CSSProperties = { ...text, whiteSpace: "pre-line", borderLeft: `3px solid #c7d2fe`, padding: "2px 0 2px 10px", margin: "4px 0 8px", color: "#334155" };

function Homework({ homework }: { homework: readonly DigestHomework[] }) {
  return (
    <ul style={list}>
      {homework.map((h, i) => (
        <li key={i} style={text}>
          {homeworkText(h)}
          {h.dueOn ? <span style={{ color: "#475569" }}> (due {dueDateLabel(h.dueOn)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function PracticeBlock({ child }: { child: Pick<DigestChild, "week" | "goal" | "streak"> }) {
  const streak = streakLine(child.streak);
  const goal = goalLine(child.week, child.goal);
  return (
    <>
      {goal ? <p style={{ ...text, fontWeight: 700 }}>{goal}</p> : null}
      <Bar minutes={child.week.minutes} goalMinutes={child.goal ? goalMinutes(child.goal) : null} />
      <p style={text}>{practiceLine(child.week, child.goal)}</p>
      {streak ? <p style={text}>{streak}</p> : null}
    </>
  );
}

function LessonText({ lesson, timeZone }: { lesson: DigestLesson; timeZone: string }) {
  return (
    <>
      {formatLessonTime(new Date(lesson.startsAt), timeZone)}: {BOOKING_TYPES[lesson.bookingType].label} with {lesson.teacherName}
    </>
  );
}

function Lessons({ lessons, timeZone }: { lessons: readonly DigestLesson[]; timeZone: string }) {
  return (
    <ul style={list}>
      {lessons.map((lesson) => (
        <li key={lesson.startsAt} style={text}>
          <LessonText lesson={lesson} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

function ChildSection({ child, digest, publicUrl }: { child: DigestChild; digest: ParentDigest; publicUrl: string }) {
  const { timeZone } = digest;
  const firstName = child.name.split(" ")[0] ?? child.name;
  return (
    <div style={section}>
      <h2 style={{ fontSize: 18, margin: "0 0 4px" }}>{child.name}</h2>
      <p style={label}>Practice this week</p>
      <PracticeBlock child={child} />
      {child.attended.length > 0 ? (
        <>
          <p style={label}>Lessons this week</p>
          <ul style={list}>
            {child.attended.map((lesson) => (
              <li key={lesson.startsAt} style={text}>
                <LessonText lesson={lesson} timeZone={timeZone} /> <span style={{ color: "#475569" }}>(attended)</span>
                {lesson.note ? (
                  <>
                    <br />
                    <span style={{ color: "#475569" }}>{lesson.teacherName}&apos;s note:</span>
                    <span style={{ ...quote, display: "block" }}>{noteExcerpt(lesson.note, firstName)}</span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {child.reviews.length > 0 ? (
        <>
          <p style={label}>Homework reviewed this week</p>
          <ul style={list}>
            {child.reviews.map((review, i) => (
              <li key={i} style={text}>
                {homeworkText(review)}: reviewed by {review.teacherName} on {dayLabel(review.reviewedAt, timeZone)}
                {review.comment ? <span style={{ ...quote, display: "block" }}>&ldquo;{review.comment}&rdquo;</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {child.laterThisWeek.length > 0 ? (
        <>
          <p style={label}>Still to come this week</p>
          <Lessons lessons={child.laterThisWeek} timeZone={timeZone} />
        </>
      ) : null}
      <p style={label}>Next week&apos;s lessons ({weekLabel(addLocalDays(digest.weekStart, 7))})</p>
      {child.lessons.length > 0 ? <Lessons lessons={child.lessons} timeZone={timeZone} /> : <p style={muted}>None booked</p>}
      {child.grades.length > 0 ? (
        <>
          <p style={label}>New grades</p>
          <ul style={list}>
            {child.grades.map((grade, i) => (
              <li key={i} style={text}>
                {grade.title}: <strong>{grade.score}/100</strong> in{" "}
                <a href={`${publicUrl}/class/${grade.classId}`} style={link}>
                  {grade.className}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {child.achievements.length > 0 ? (
        <>
          <p style={label}>Achievements unlocked</p>
          <ul style={list}>
            {child.achievements.map((a, i) => (
              <li key={i} style={text}>
                {a.name} in {a.className}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {child.openHomework.length > 0 ? (
        <>
          <p style={label}>Homework to do</p>
          <Homework homework={child.openHomework} />
        </>
      ) : null}
      <p style={{ ...text, marginTop: 8 }}>
        <a href={`${publicUrl}/parent/student/${child.studentId}`} style={link}>
          Open {firstName}&apos;s page
        </a>
      </p>
    </div>
  );
}

export function DigestHtml({ digest, title, publicUrl }: { digest: ParentDigest; title: string; publicUrl: string }) {
  return (
    <Frame
      title={title}
      footer={
        <>
          You get this every Sunday evening.{" "}
          <a href={`${publicUrl}/settings`} style={link}>
            Turn it off in Settings
          </a>{" "}
          (Weekly digest).
        </>
      }
    >
      <p style={text}>Hi {digest.firstName}, here is your week at a glance. Times are in your time zone.</p>
      {digest.unreadMessages > 0 ? (
        <p style={{ ...text, background: "#eef2ff", borderRadius: 8, padding: "8px 12px" }}>
          You have {digest.unreadMessages} unread {digest.unreadMessages === 1 ? "message" : "messages"}.{" "}
          <a href={`${publicUrl}/messages`} style={link}>
            Read them
          </a>
        </p>
      ) : null}
      {digest.children.map((child) => (
        <ChildSection key={child.studentId} child={child} digest={digest} publicUrl={publicUrl} />
      ))}
      <p style={{ margin: "20px 0 0" }}>
        <a href={`${publicUrl}/dashboard`} style={button}>
          Open your dashboard
        </a>
      </p>
    </Frame>
  );
}

function StudentSection({ student }: { student: SummaryStudent }) {
  return (
    <div style={section}>
      <h2 style={{ fontSize: 18, margin: "0 0 4px" }}>{student.name}</h2>
      <p style={label}>Practice</p>
      <PracticeBlock child={student} />
      <p style={label}>Open homework</p>
      {student.openHomework.length > 0 ? <Homework homework={student.openHomework} /> : <p style={muted}>None</p>}
    </div>
  );
}

export function SummaryHtml({ summary, title, publicUrl }: { summary: TeacherSummary; title: string; publicUrl: string }) {
  return (
    <Frame
      title={title}
      footer={
        <>
          You get this every Sunday evening.{" "}
          <a href={`${publicUrl}/teacher/settings`} style={link}>
            Turn it off in Settings
          </a>{" "}
          (Weekly summary).
        </>
      }
    >
      <p style={text}>Hi {summary.firstName}, your students&apos; practice this week as their families logged it (timed minutes come from the practice timer).</p>
      {summary.students.map((student) => (
        <StudentSection key={student.studentId} student={student} />
      ))}
      <p style={{ margin: "20px 0 0" }}>
        <a href={`${publicUrl}/teacher/students`} style={button}>
          Open My Students
        </a>
      </p>
    </Frame>
  );
}
