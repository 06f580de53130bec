import { useState } from "react";
import { lessonActions } from "../../../shared/lessons/lesson-changes.rules";
import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { cannotTeachText } from "../../../shared/lessons/teacher-gone.rules";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { familyLabel, MessageFamilyButton } from "../messages/message-family-button";
import { AttendanceDialog } from "./attendance-dialog";
import { CancelLessonDialog } from "./cancel-lesson-dialog";
import { BADGE_CLASSES, lessonBadge, lessonTitle, when } from "./lesson-labels";
import { LessonPlaceDetails } from "./lesson-place-details";
import { LessonPrice } from "./lesson-price";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { RescheduleLessonDialog } from "./reschedule-lesson-dialog";

type Open = "cancel" | "reschedule" | "attendance" | null;

/** Lessons with their status, the teacher's note, and what the viewer's side may do now. */
export function LessonsList({ lessons, side, empty }: { lessons: LessonDTO[]; side: "parent" | "teacher"; empty: string }) {
  if (lessons.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const now = new Date();
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {lessons.map((lesson) => {
          const badge = lessonBadge(lesson);
          return (
            <li key={lesson.id} className="space-y-2 py-3 text-sm" data-testid="lesson-row">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {lessonTitle(lesson, side)}
                    {side === "parent" ? ` · ${lesson.student.firstName}` : ""}
                  </p>
                  <p className="text-slate-600">{when(lesson)}</p>
                </div>
                <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", BADGE_CLASSES[badge.tone])}>{badge.label}</span>
              </div>
              <LessonPlaceDetails place={lesson.place} contact={lesson.contact} side={side} />
              <LessonPrice lesson={lesson} />
              {lesson.cancelChargeCents !== null ? (
                <p className="text-slate-700">
                  <span className="font-medium">Late cancellation charged:</span> {formatMoney(lesson.cancelChargeCents)}
                </p>
              ) : null}
              {lesson.teacherCannotTeach && side === "parent" ? (
                <p className="text-slate-700" data-testid="teacher-cannot-teach">
                  Cancelled because {cannotTeachText(lesson.teacher.id ? lesson.teacher.firstName : null).replace(/^The teacher/, "the teacher")}. It does
                  not count as a cancellation by you.
                </p>
              ) : null}
              {lesson.status !== "cancelled" && lesson.movedByGuardian ? (
                <p className="text-xs text-slate-600" data-testid="moved-by">
                  Moved by {lesson.movedByGuardian}
                </p>
              ) : null}
              {lesson.status === "cancelled" && lesson.cancelledByGuardian ? (
                <p className="text-xs text-slate-600" data-testid="cancelled-by">
                  Cancelled by {lesson.cancelledByGuardian}
                </p>
              ) : null}
              {lesson.status === "cancelled" && lesson.cancelReason ? (
                <p className="whitespace-pre-line break-words text-slate-700">
                  <span className="font-medium">Reason for cancelling:</span> {lesson.cancelReason}
                </p>
              ) : null}
              {lesson.lessonNote ? (
                <div className="rounded-lg bg-slate-50 p-3">
                  <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Lesson note</p>
                  <p className="whitespace-pre-line text-slate-800">{lesson.lessonNote}</p>
                </div>
              ) : null}
              <LessonActionButtons lesson={lesson} side={side} now={now} />
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * What the viewer's side may do with a lesson now (lessonActions), with the dialogs: in the lessons
 * list, and for a parent's pending request in My Requests (the request's one place on the dashboard).
 */
export function LessonActionButtons({ lesson, side, now }: { lesson: LessonDTO; side: "parent" | "teacher"; now: Date }) {
  const [open, setOpen] = useState<Open>(null);
  const actions = lessonActions({ ...lesson, startsAt: new Date(lesson.startsAt) }, side, now);
  const close = (next: boolean) => !next && setOpen(null);
  if (!(actions.cancel || actions.reschedule || actions.recordAttendance || side === "teacher")) return null;
  // Each row's buttons say whose lesson they act on: a screen reader's list of buttons
  // reads "Cancel Mia's lesson on Thu, Dec 4, 4:00 PM", not ten times "Cancel".
  const whose = <span className="sr-only"> {lesson.student.firstName}&apos;s {lesson.status === "pending" ? "request for" : "lesson on"} {when(lesson)}</span>;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {actions.recordAttendance ? (
        <Button size="sm" onClick={() => setOpen("attendance")}>
          {lesson.attendance ? "Edit Attendance" : "Record Attendance"}
          {whose}
        </Button>
      ) : null}
      {actions.reschedule ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen("reschedule")}>
          Reschedule
          {whose}
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button size="sm" variant="secondary" onClick={() => setOpen("cancel")}>
          Cancel
          {whose}
        </Button>
      ) : null}
      {side === "teacher" && lesson.student.id ? <MessageFamilyButton studentId={lesson.student.id} label={familyLabel(lesson.student.firstName)} /> : null}
      {open === "cancel" ? <CancelLessonDialog lesson={lesson} side={side} open onOpenChange={close} /> : null}
      {open === "reschedule" ? <RescheduleLessonDialog lesson={lesson} side={side} open onOpenChange={close} /> : null}
      {open === "attendance" ? <AttendanceDialog lesson={lesson} open onOpenChange={close} /> : null}
    </div>
  );
}
