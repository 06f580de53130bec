import { formatMoney } from "../../../../shared/invoices/money.rules";
import { Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { COMMUNICATION_CHANNELS } from "../../../../shared/accounts/accounts.constants";
import { BOOKING_TYPES } from "../../../../shared/booking/booking.constants";
import { formatLessonTime } from "../../../../shared/booking/booking.rules";
import type { TeacherStudent } from "../../../../shared/teachers/teacher-students.api";
import { countOf } from "../../../lib/plural";
import { TeacherCreditHistory } from "../../lessons/credits-panel";
import { MessageFamilyButton } from "../../messages/message-family-button";
import type { PracticeOverviewStudent } from "../../../../shared/practice/practice.api";
import { dayIn } from "../../practice/practice-labels";
import { StudentPracticeRow } from "../../practice/student-practice-row";
import { StudentMeetingLink } from "./student-meeting-link";
import { dateTimeFormat } from "../../../../shared/date-time-format";


function creditsText(credits: TeacherStudent["makeUpCredits"], timeZone: string): string {
  if (credits.available === 0) return "None";
  const expiry = credits.nextExpiresAt
    ? dateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(credits.nextExpiresAt))
    : null;
  return `${credits.available} available${expiry ? ` (next expires ${expiry})` : ""}`;
}

/** One student of /teacher/students: the family to reach, the next lesson, and what has been taught. */
export function StudentCard({ student, timeZone, practice }: { student: TeacherStudent; timeZone: string; practice?: PracticeOverviewStudent | undefined }) {
  const name = `${student.firstName} ${student.lastName}`;
  const headingId = `student-${student.studentId}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {name} <span className="text-sm font-normal text-slate-600">· age {student.age}</span>
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
        <div className="col-span-2">
          <dt className="text-slate-600">Parent</dt>
          <dd className="mt-0.5 space-y-1">
            <span className="block font-medium text-slate-900">{student.parent.name}</span>
            {/* In-app messages first: the conversation is kept with the family's other messages. */}
            <MessageFamilyButton studentId={student.studentId} label={`Message ${student.parent.name}`} />
            <span className="flex items-center gap-1.5 break-all text-slate-700">
              <Mail aria-hidden className="size-4 shrink-0 text-slate-500" />
              {student.parent.email}
            </span>
            {student.parent.phone ? (
              <a href={`tel:${student.parent.phone}`} className="flex items-center gap-1.5 text-brand-700 hover:underline">
                <Phone aria-hidden className="size-4 shrink-0" />
                {student.parent.phone}
              </a>
            ) : null}
            <span className="block text-slate-600">Prefers {COMMUNICATION_CHANNELS[student.parent.preferredCommunication]}</span>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Next lesson</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {student.nextLesson
              ? `${formatLessonTime(new Date(student.nextLesson.startsAt), timeZone)} (${BOOKING_TYPES[student.nextLesson.bookingType].label})`
              : "None booked"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Upcoming</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {countOf(student.upcomingLessons, "lesson", "lessons")} · {formatMoney(student.upcomingCents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Attended</dt>
          <dd className="mt-0.5 font-medium text-slate-900">
            {countOf(student.lessonsAttended, "lesson", "lessons")} · {formatMoney(student.attendedCents)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Price per lesson</dt>
          <dd className="mt-0.5 font-medium text-slate-900" data-testid="student-lesson-price">
            {student.lessonPriceCents === null ? "None agreed yet" : formatMoney(student.lessonPriceCents)}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Make-up credits</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{creditsText(student.makeUpCredits, timeZone)}</dd>
          <dd>
            <TeacherCreditHistory studentId={student.studentId} timeZone={timeZone} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Practice</dt>
          <dd className="mt-0.5">
            <StudentPracticeRow
              studentId={student.studentId}
              studentName={name}
              practice={practice}
              // Homework is due at a full lesson, never at an intro call (issue 41); without one the server picks a week out.
              nextLessonOn={student.nextLesson?.bookingType === "full" ? dayIn(student.nextLesson.startsAt, timeZone) : null}
            />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Meeting link</dt>
          <dd className="mt-0.5">
            <StudentMeetingLink studentId={student.studentId} studentName={name} link={student.meetingLink} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Classes</dt>
          <dd className="mt-0.5">
            {student.classes.length === 0 ? (
              <span className="text-slate-900">None</span>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {student.classes.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={`/class/${item.id}`}
                      className="inline-flex items-center rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 hover:bg-brand-100"
                    >
                      {item.name}
                      {item.status === "archived" ? " (archived)" : ""}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
