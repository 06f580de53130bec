import { availableCredits, creditExpiresAt, type MakeUpCredit } from "../../shared/lessons/credits.rules";
import type { TeacherStudent, TeacherStudentsResponse } from "../../shared/teachers/teacher-students.api";
import type { Deps } from "../deps";
import { listTeacherStudents, type TeacherStudentRow } from "./teacher-students.repo";

function creditsNow(row: TeacherStudentRow, now: Date): TeacherStudent["makeUpCredits"] {
  const ledger: MakeUpCredit[] = row.credits.map(([id, issuedAt, usedAt]) => ({
    id,
    issuedAt: new Date(issuedAt),
    usedAt: usedAt === null ? null : new Date(usedAt),
  }));
  const usable = availableCredits(ledger, now);
  return { available: usable.length, nextExpiresAt: usable[0] ? creditExpiresAt(usable[0].issuedAt).toISOString() : null };
}

/** /teacher/students: the signed-in teacher's students, each with family, next lesson, attendance, credits and classes. */
export async function teacherStudents(deps: Pick<Deps, "db">, teacherId: string, now = new Date()): Promise<TeacherStudentsResponse> {
  const rows = await listTeacherStudents(deps.db, teacherId, now);
  return {
    students: rows.map((row) => ({
      studentId: row.studentId,
      firstName: row.firstName,
      lastName: row.lastName,
      age: row.age,
      parent: { name: row.parentName, email: row.parentEmail, phone: row.parentPhone, preferredCommunication: row.preferredCommunication },
      nextLesson: row.nextLesson ? { startsAt: new Date(row.nextLesson[0]).toISOString(), bookingType: row.nextLesson[1] } : null,
      upcomingLessons: Number(row.upcomingLessons),
      lessonsAttended: Number(row.lessonsAttended),
      upcomingCents: Number(row.upcomingCents),
      attendedCents: Number(row.attendedCents),
      lessonPriceCents: row.lessonPriceCents === null ? null : Number(row.lessonPriceCents),
      makeUpCredits: creditsNow(row, now),
      classes: row.classes,
      meetingLink: row.meetingLink,
    })),
  };
}
