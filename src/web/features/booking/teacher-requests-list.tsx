import { Check, X } from "lucide-react";
import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { isRequestExpired } from "../../../shared/lessons/pending-expiry.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { formatSlot } from "./format-time";
import { useDecideRequest, useTeacherRequests } from "./use-booking";

/**
 * Pending requests, newest first, with Accept and Decline (times in the teacher's zone). An expired
 * one (flagged by the server, or expired since the list was loaded) shows a badge instead: the
 * server would refuse to accept it.
 */
export function TeacherRequestsList() {
  const requests = useTeacherRequests();
  const decide = useDecideRequest();
  if (requests.isPending) return <p className="text-sm text-slate-600">Loading requests...</p>;
  if (requests.isError) return <Alert>Failed to load requests</Alert>;
  const list = requests.data.bookings;
  const now = new Date();
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
            {r.expired || isRequestExpired(r, now) ? (
              <ExpiredBadge />
            ) : (
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
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** In place of Accept and Decline: the server would refuse to accept this request. */
function ExpiredBadge() {
  return (
    <span className="shrink-0 self-start rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 sm:self-center">Expired</span>
  );
}
