import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { Alert } from "../../components/ui/alert";
import { SeeAllToggle, useSeeAll } from "../../components/ui/see-all";
import { LessonsList } from "./lessons-list";
import { useMyLessons, useTeachingLessons } from "./use-lessons";

const isUpcoming = (lesson: LessonDTO, now: Date) => new Date(lesson.endsAt) > now && lesson.status !== "cancelled";

/**
 * Upcoming first (soonest first), then the past, newest first. Requests still waiting for the
 * teacher are not lessons yet: each dashboard lists them once, under its requests (the teacher's
 * Accept and Decline, the parent's My Requests with its Reschedule and Cancel), issue 41.
 */
function upcomingThenPast(lessons: LessonDTO[], now: Date) {
  const decided = lessons.filter((l) => l.status !== "pending");
  const upcoming = decided.filter((l) => isUpcoming(l, now));
  const past = decided.filter((l) => !isUpcoming(l, now)).reverse();
  return { upcoming, past };
}

/**
 * The parent's lessons: all of them, or one student's (the student page). Upcoming lessons carry
 * Cancel and Reschedule; past ones the notes.
 */
export function ParentLessons({ studentId, limit }: { studentId?: string; limit?: number }) {
  const lessons = useMyLessons();
  const mine = (lessons.data?.lessons ?? []).filter((l) => !studentId || l.student.id === studentId);
  const { upcoming, past } = upcomingThenPast(mine, new Date());
  const { shown, toggle } = useSeeAll([...upcoming, ...past], limit);
  if (lessons.isPending) return <p className="text-sm text-slate-600">Loading lessons...</p>;
  if (lessons.isError) return <Alert>Failed to load lessons</Alert>;
  return (
    <>
      <LessonsList lessons={shown} side="parent" empty="No lessons yet." />
      {toggle ? <SeeAllToggle {...toggle} noun="lessons" /> : null}
    </>
  );
}

/**
 * The class page's lesson notes (issue 41): every lesson of the child with the class's teacher that
 * has a note or attendance, newest first, whether it was booked from the class or not, and as soon
 * as the teacher records it (a lesson still running is not "upcoming" for its notes). Both sides.
 */
export function LessonNotes({ studentId, teacherId, side }: { studentId: string; teacherId: string; side: "parent" | "teacher" }) {
  const mine = useMyLessons(side === "parent");
  const teaching = useTeachingLessons(side === "teacher");
  const lessons = side === "parent" ? mine : teaching;
  const recorded = (lessons.data?.lessons ?? [])
    .filter((l) => l.student.id === studentId && (side === "teacher" || l.teacher.id === teacherId) && (l.lessonNote || l.attendance))
    .reverse();
  const { shown, toggle } = useSeeAll(recorded, 5);
  if (lessons.isPending) return <p className="text-sm text-slate-600">Loading lesson notes...</p>;
  if (lessons.isError) return <Alert>Failed to load lessons</Alert>;
  return (
    <>
      <LessonsList lessons={shown} side={side} empty="No lesson notes yet." />
      {toggle ? <SeeAllToggle {...toggle} noun="lessons" /> : null}
    </>
  );
}

/** The teacher's lessons: those waiting for attendance first, then upcoming ones. */
export function TeacherLessons({ limit }: { limit?: number }) {
  const lessons = useTeachingLessons();
  const { upcoming, past } = upcomingThenPast(lessons.data?.lessons ?? [], new Date());
  const toRecord = past.filter((l) => l.status === "accepted" && !l.attendance);
  const recorded = past.filter((l) => l.status === "accepted" && l.attendance);
  const { shown, toggle } = useSeeAll([...toRecord, ...upcoming, ...recorded], limit);
  if (lessons.isPending) return <p className="text-sm text-slate-600">Loading lessons...</p>;
  if (lessons.isError) return <Alert>Failed to load lessons</Alert>;
  return (
    <>
      <LessonsList lessons={shown} side="teacher" empty="No lessons yet." />
      {toggle ? <SeeAllToggle {...toggle} noun="lessons" /> : null}
    </>
  );
}
