import type { MailGuardian } from "../../src/server/db/household-guardians";
import type { LessonMailContext } from "../../src/server/db/lesson-mail-contexts";
import { parentClock } from "../../src/shared/time-zone.rules";

/**
 * Email tests' lesson (issue 26): an accepted online lesson of Mia Rivera with Terry Teacher, a
 * teacher in Chicago, for a family in New York whose zone is known only from their browser. It
 * starts on Sunday, November 3, 2030 (the day DST ends) at 4:00 PM in New York, 3:00 PM in
 * Chicago. Each test overrides what it is about.
 */
export function lessonMailContext(
  overrides: Partial<Omit<LessonMailContext, "teacher" | "parent">> & {
    teacher?: Partial<NonNullable<LessonMailContext["teacher"]>> | null;
    parent?: Partial<NonNullable<LessonMailContext["parent"]>> | null;
  } = {},
): LessonMailContext {
  const { teacher, parent, ...rest } = overrides;
  const startsAt = rest.startsAt ?? new Date("2030-11-03T21:00:00Z");
  const family =
    parent === null
      ? null
      : {
          id: "p1",
          firstName: "Ada",
          lastName: "Rivera",
          email: "ada@example.test",
          phone: "(212) 555-0199",
          timeZone: null,
          reportedTimeZone: "America/New_York",
          address: "12 Elm St, Brooklyn",
          ...parent,
        };
  // A one-guardian household unless the test says otherwise: the founder is its guardian.
  const guardians: MailGuardian[] = family
    ? [{ ...family, userId: "u1", householdId: family.id, zone: parentClock(family) }].map(({ address: _, ...guardian }) => guardian)
    : [];
  return {
    guardians,
    id: "b1",
    status: "accepted",
    bookingType: "full",
    format: "online",
    seriesId: null,
    cancelledBy: null,
    declineReason: null,
    cancelReason: null,
    priceCents: 6000,
    cancelChargeCents: null,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    student: { firstName: "Mia", lastName: "Rivera" },
    studentMeetingUrl: null,
    ...rest,
    startsAt,
    teacher:
      teacher === null
        ? null
        : {
            id: "t1",
            firstName: "Terry",
            lastName: "Teacher",
            email: "terry@example.test",
            phone: "(312) 555-0100",
            timeZone: "America/Chicago",
            meetingUrl: "https://meet.example.test/terry",
            inPersonPlace: "studio",
            studioAddress: "1 Music Row, Chicago",
            ...teacher,
          },
    parent: family,
  };
}
