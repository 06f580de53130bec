import { sql } from "drizzle-orm";
import type { CommunicationChannel } from "../../shared/accounts/accounts.constants";
import type { BookingType } from "../../shared/booking/booking.constants";
import type { ClassStatus } from "../../shared/classes/classes.constants";
import { queryRows, type Executor } from "../db/client";
import { studentsTaughtBy } from "../db/relationships";

export interface TeacherStudentRow {
  studentId: string;
  firstName: string;
  lastName: string;
  age: number;
  parentName: string;
  parentEmail: string;
  parentPhone: string | null;
  preferredCommunication: CommunicationChannel;
  /** [start in epoch ms, booking type] of the next accepted lesson not started by `now`. */
  nextLesson: [number, BookingType] | null;
  upcomingLessons: number;
  lessonsAttended: number;
  /** Sums of the stored prices (issue 28, cents) of those lessons; lessons without a price add nothing. */
  upcomingCents: number;
  attendedCents: number;
  /** The price last agreed with this teacher for this student's full lessons (cents), or null. */
  lessonPriceCents: number | null;
  /** [credit id, issued at (epoch ms), used at (epoch ms) or null] of this student with this teacher. */
  credits: [string, number, number | null][];
  classes: { id: string; name: string; status: ClassStatus }[];
  /** This teacher's meeting link for the student (issue 26), or null. */
  meetingLink: string | null;
}

/**
 * Every student the teacher teaches (relationships.ts), with the figures of the students list, in
 * one round trip. Only this teacher's lessons, classes and credits are counted.
 */
export async function listTeacherStudents(db: Executor, teacherId: string, now: Date): Promise<TeacherStudentRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lessonsOf = sql`bookings b join booking_slots sl on sl.id = b.slot_id
    where b.teacher_id = ${teacherId} and b.student_id = s.id and b.status = 'accepted'`;
  return queryRows<TeacherStudentRow>(
    db,
    sql`
      with taught as ${studentsTaughtBy(sql`${teacherId}`)}
      select s.id as "studentId", s.first_name as "firstName", s.last_name as "lastName", s.age,
        p.first_name || ' ' || p.last_name as "parentName", u.email as "parentEmail", p.phone as "parentPhone",
        p.preferred_communication as "preferredCommunication",
        (select json_build_array((extract(epoch from sl.starts_at) * 1000)::float8, b.booking_type)
           from ${lessonsOf} and sl.starts_at > ${at}
          order by sl.starts_at limit 1) as "nextLesson",
        (select count(*)::int from ${lessonsOf} and sl.starts_at > ${at}) as "upcomingLessons",
        (select count(*)::int from ${lessonsOf} and b.attendance = 'attended') as "lessonsAttended",
        (select coalesce(sum(b.price_cents), 0)::int from ${lessonsOf} and sl.starts_at > ${at}) as "upcomingCents",
        (select coalesce(sum(b.price_cents), 0)::int from ${lessonsOf} and b.attendance = 'attended') as "attendedCents",
        (select b.price_cents from bookings b
          where b.teacher_id = ${teacherId} and b.student_id = s.id and b.booking_type = 'full' and b.price_cents is not null and b.decided_at is not null
          order by b.decided_at desc, b.created_at desc limit 1) as "lessonPriceCents",
        coalesce((select json_agg(json_build_array(m.id, (extract(epoch from m.issued_at) * 1000)::float8,
                                                   (extract(epoch from m.used_at) * 1000)::float8))
                    from make_up_credits m where m.teacher_id = ${teacherId} and m.student_id = s.id), '[]'::json) as credits,
        coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'status', c.status) order by c.status, c.name)
                    from classes c where c.teacher_id = ${teacherId} and c.student_id = s.id), '[]'::json) as classes,
        (select l.url from student_meeting_links l where l.teacher_id = ${teacherId} and l.student_id = s.id) as "meetingLink"
        from taught t
        join student_profiles s on s.id = t.student_id
        join parent_profiles p on p.id = s.parent_id
        join "user" u on u.id = p.user_id
       order by lower(s.first_name), lower(s.last_name), s.id
    `,
  );
}
