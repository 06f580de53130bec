import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { isRequestExpired, waitingRequestsFirst } from "../../../shared/lessons/pending-expiry.rules";
import { Alert } from "../../components/ui/alert";
import { SeeAllToggle, useSeeAll } from "../../components/ui/see-all";
import { cn } from "../../lib/cn";
import { LessonActionButtons } from "../lessons/lessons-list";
import { LessonPrice } from "../lessons/lesson-price";
import { useMyLessons } from "../lessons/use-lessons";
import { formatSlot } from "./format-time";
import { useMyBookings } from "./use-booking";

const STATUS_STYLE = {
  pending: "bg-amber-50 text-amber-800",
  accepted: "bg-emerald-50 text-emerald-800",
  declined: "bg-slate-100 text-slate-700",
  expired: "bg-slate-100 text-slate-700",
  cancelled: "bg-red-50 text-red-800",
} as const;

const STATUS_LABEL = { pending: "Pending", accepted: "Accepted", declined: "Declined", expired: "Expired", cancelled: "Cancelled" } as const;

/**
 * The parent's lesson requests and their status; `studentId` narrows it to one student. A request
 * still waiting is listed here only (not among the lessons), with what the parent may do with it.
 */
export function MyRequests({ studentId, limit }: { studentId?: string; limit?: number }) {
  const bookings = useMyBookings();
  const lessons = useMyLessons();
  const now = new Date();
  const mine = (bookings.data?.bookings ?? []).filter((b) => !studentId || b.student.id === studentId);
  const { shown: list, toggle } = useSeeAll(waitingRequestsFirst(mine, now), limit);
  if (bookings.isPending) return <p className="text-sm text-slate-600">Loading requests...</p>;
  if (bookings.isError) return <Alert>Failed to load requests</Alert>;
  if (list.length === 0) return <p className="text-sm text-slate-600">No lesson requests yet.</p>;
  const lessonOf = (id: string) => lessons.data?.lessons.find((lesson) => lesson.id === id);
  return (
    <>
      <ul className="divide-y divide-slate-200">
        {list.map((b) => {
          // A pending request the teacher can no longer accept is shown as what it is.
          const status = b.expired || isRequestExpired(b, now) ? "expired" : b.status;
          const lesson = status === "pending" ? lessonOf(b.id) : undefined;
          return (
            <li key={b.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0 space-y-2">
                <div>
                <p className="font-medium text-slate-900">
                  {BOOKING_TYPES[b.bookingType].label} with {b.teacher.firstName} {b.teacher.lastName}
                  {studentId ? "" : ` · ${b.student.firstName}`}
                </p>
                <p className="text-slate-600">
                  {formatSlot(b.startsAt)} · {FORMAT_LABELS[b.format]}
                </p>
                {b.requestedBy ? <p className="text-xs text-slate-600" data-testid="requested-by">Requested by {b.requestedBy}</p> : null}
                {b.status === "accepted" ? <LessonPrice lesson={b} /> : null}
                <RequestReason request={b} />
                </div>
                {lesson ? <LessonActionButtons lesson={lesson} side="parent" now={now} /> : null}
              </div>
              <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLE[status])}>{STATUS_LABEL[status]}</span>
            </li>
          );
        })}
      </ul>
      {toggle ? <SeeAllToggle {...toggle} noun="requests" /> : null}
    </>
  );
}

/** Why the teacher declined (or a side cancelled), in their words, when they gave a reason. */
function RequestReason({ request }: { request: BookingRequestDTO }) {
  const reason = request.status === "declined" ? request.declineReason : request.status === "cancelled" ? request.cancelReason : null;
  if (!reason) return null;
  return (
    <p className="mt-1 whitespace-pre-line break-words text-slate-700">
      <span className="font-medium">Reason:</span> {reason}
    </p>
  );
}
