import type { BookingType } from "../booking/booking.constants";
import type { CommunicationChannel } from "../accounts/accounts.constants";
import type { ClassStatus } from "../classes/classes.constants";

/** A family's contact as the teacher of one of its students sees it, to reach them about lessons. */
export interface StudentParent {
  name: string;
  email: string;
  phone: string | null;
  preferredCommunication: CommunicationChannel;
}

/** One row of /teacher/students (GET /api/teachers/me/students). */
export interface TeacherStudent {
  studentId: string;
  firstName: string;
  lastName: string;
  age: number;
  parent: StudentParent;
  /** The next accepted lesson with this teacher that has not started yet. */
  nextLesson: { startsAt: string; bookingType: BookingType } | null;
  upcomingLessons: number;
  lessonsAttended: number;
  /** What those lessons are worth at their stored prices (issue 28), in cents. */
  upcomingCents: number;
  attendedCents: number;
  /** The price last agreed for this student's full lessons with this teacher (cents), null before any. */
  lessonPriceCents: number | null;
  /** Make-up credits usable with this teacher now (src/shared/lessons/credits.rules.ts). */
  makeUpCredits: { available: number; nextExpiresAt: string | null };
  classes: { id: string; name: string; status: ClassStatus }[];
  /** The teacher's meeting link for this student's online lessons, used instead of the default; null for none. */
  meetingLink: string | null;
}

export interface TeacherStudentsResponse {
  students: TeacherStudent[];
}
