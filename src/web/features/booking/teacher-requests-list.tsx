import { Check, X } from "lucide-react";
import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { formatSlot } from "./format-time";
import { useDecideRequest, useTeacherRequests } from "./use-booking";

/** Pending requests, newest first, with Accept and Decline (times in the teacher's zone). */
export function TeacherRequestsList() {
  const requests = useTeacherRequests();
  const decide = useDecideRequest();
  if (requests.isPending) return <p className="text-sm text-slate-600">Loading requests...</p>;
  if (requests.isError) return <Alert>Failed to load requests</Alert>;
  const list = requests.data.bookings;
  if (list.length === 0) return <p className="text-sm text-slate-600">No pending requests.</p>;
  const failed = decide.isError
    ? errorMessage(decide.error, decide.variables.decision === "accept" ? "Failed to accept request" : "Failed to decline request")
    : null;
  return (
    <div className="space-y-3">
      {failed ? <Alert>{failed}</Alert> : null}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {list.map((r) => (
          <li key={r.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="text-sm">
              <p className="font-medium text-slate-900">
                {r.student.firstName} {r.student.lastName} · {BOOKING_TYPES[r.bookingType].label}
              </p>
              <p className="text-slate-600">{formatSlot(r.startsAt, r.teacher.timeZone)}</p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                aria-label={`Accept ${r.student.firstName}'s request for ${formatSlot(r.startsAt, r.teacher.timeZone)}`}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ bookingId: r.id, decision: "accept" })}
              >
                <Check aria-hidden className="size-4" /> Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Decline ${r.student.firstName}'s request for ${formatSlot(r.startsAt, r.teacher.timeZone)}`}
                disabled={decide.isPending}
                onClick={() => decide.mutate({ bookingId: r.id, decision: "decline" })}
              >
                <X aria-hidden className="size-4" /> Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
