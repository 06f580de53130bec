// Component tests' lesson: an accepted full lesson of Mia Rivera with Casey Keys, an hour long,
// online, with no note, attendance or cancellation; each test overrides what it is about.
import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";

export function lessonDTO(overrides: Partial<LessonDTO> & { startsAt: string }): LessonDTO {
  return {
    id: "l1",
    status: "accepted",
    bookingType: "full",
    format: "online",
    endsAt: new Date(Date.parse(overrides.startsAt) + 3_600_000).toISOString(),
    seriesId: null,
    classId: null,
    student: { id: "s1", firstName: "Mia", lastName: "Rivera" },
    teacher: { id: "t1", firstName: "Casey", lastName: "Keys", timeZone: "America/New_York" },
    noticeHours: 24,
    freeCancellationUntil: overrides.startsAt,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    requestedBy: null,
    cancelledByGuardian: null,
    movedByGuardian: null,
    lateCancel: null,
    teacherCannotTeach: false,
    attendance: null,
    lessonNote: null,
    madeUp: false,
    priceCents: 6000,
    priceEstimated: false,
    cancelChargeCents: null,
    lateCancelCharge: "none",
    place: { format: "online", label: "Online", link: "https://meet.example/casey-keys" },
    contact: { name: "Casey Keys", email: "casey@example.test", phone: null },
    ...overrides,
  };
}
