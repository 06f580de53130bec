import { Check, X } from "lucide-react";
import { useState } from "react";
import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { AppError } from "../../../shared/errors";
import { isRequestExpired } from "../../../shared/lessons/pending-expiry.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { makeUpCreditLabel } from "../lessons/lesson-labels";
import { familyLabel, MessageFamilyButton } from "../messages/message-family-button";
import { AcceptRequestDialog } from "./accept-request-dialog";
import { DeclineRequestDialog } from "./decline-request-dialog";
import { formatSlot } from "./format-time";
import { MeetingLinkNeeded } from "./meeting-link-needed";
import { useDecideRequest, useTeacherRequests } from "./use-booking";

/**
 * Pending requests, newest first, with Accept and Decline (times in the teacher's zone). An expired
 * one (flagged by the server, or expired since the list was loaded) shows a badge instead: the
 * server would refuse to accept it.
 */
export function TeacherRequestsList() {
  const requests = useTeacherRequests();
  const decide = useDecideRequest();
  // Decline asks first (with an optional reason for the family): the dialog of this row.
  const [declining, setDeclining] = useState<{ request: BookingRequestDTO; lessons: number } | null>(null);
  // Accepting a full lesson or a series asks for the price per lesson first (issue 28); an intro call is free.
  const [accepting, setAccepting] = useState<{ request: BookingRequestDTO; lessons: number } | null>(null);
  if (requests.isPending) return <p className="text-sm text-slate-600">Loading requests...</p>;
  if (requests.isError) return <Alert>Failed to load requests</Alert>;
  const list = groupSeries(requests.data.bookings);
  const now = new Date();
  if (list.length === 0) return <p className="text-sm text-slate-600">No pending requests.</p>;
  const failed = decide.isError
    ? errorMessage(decide.error, decide.variables.decision === "accept" ? "Failed to accept request" : "Failed to decline request")
    : null;
  return (
    <div className="space-y-3">
      {failed ? (
        decide.error instanceof AppError && decide.error.reason === "meeting_link_needed" ? <MeetingLinkNeeded tone="error" /> : <Alert>{failed}</Alert>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {list.map(({ first: r, lessons }) => (
          <li key={r.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="text-sm">
              <p className="font-medium text-slate-900">
                {r.student.firstName} {r.student.lastName} · {BOOKING_TYPES[r.bookingType].label} · {FORMAT_LABELS[r.format]}
              </p>
              <p className="text-slate-600">
                {lessons > 1 ? `${lessons} weekly lessons from ` : ""}
                {formatSlot(r.startsAt, r.teacher.timeZone)}
              </p>
              {r.requestedBy ? <p className="text-xs text-slate-600" data-testid="requested-by">Requested by {r.requestedBy}</p> : null}
              {r.makeUpCreditFrom ? (
                <p className="mt-1 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800" data-testid="make-up-request">
                  {makeUpCreditLabel(r.makeUpCreditFrom, r.teacher.timeZone)}
                </p>
              ) : null}
              {r.meetingLinkNeeded && !(r.expired || isRequestExpired(r, now)) ? <MeetingLinkNeeded /> : null}
              {r.student.id ? (
                <div className="mt-2">
                  <MessageFamilyButton studentId={r.student.id} label={familyLabel(r.student.firstName)} />
                </div>
              ) : null}
            </div>
            {r.expired || isRequestExpired(r, now) ? (
              <ExpiredBadge />
            ) : (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  aria-label={`Accept ${r.student.firstName}'s request for ${lessons > 1 ? `${lessons} weekly lessons from ` : ""}${formatSlot(r.startsAt, r.teacher.timeZone)}`}
                  disabled={decide.isPending}
                  onClick={() => (r.bookingType === "full" ? setAccepting({ request: r, lessons }) : decide.mutate({ bookingId: r.id, decision: "accept" }))}
                >
                  <Check aria-hidden className="size-4" /> Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Decline ${r.student.firstName}'s request for ${lessons > 1 ? `${lessons} weekly lessons from ` : ""}${formatSlot(r.startsAt, r.teacher.timeZone)}`}
                  disabled={decide.isPending}
                  onClick={() => setDeclining({ request: r, lessons })}
                >
                  <X aria-hidden className="size-4" /> Decline
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {accepting ? (
        <AcceptRequestDialog request={accepting.request} lessons={accepting.lessons} open onOpenChange={(open) => !open && setAccepting(null)} />
      ) : null}
      {declining ? (
        <DeclineRequestDialog request={declining.request} lessons={declining.lessons} open onOpenChange={(open) => !open && setDeclining(null)} />
      ) : null}
    </div>
  );
}

/** In place of Accept and Decline: the server would refuse to accept this request. */
function ExpiredBadge() {
  return (
    <span className="shrink-0 self-start rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 sm:self-center">Expired</span>
  );
}

/**
 * A weekly series is one request: its lessons show as one row ("8 weekly lessons from …"), and
 * accepting or declining that row (its first lesson) decides them all on the server. Keeps the
 * server's order (newest request first).
 */
function groupSeries(requests: readonly BookingRequestDTO[]): { first: BookingRequestDTO; lessons: number }[] {
  const rows: { first: BookingRequestDTO; lessons: number }[] = [];
  const bySeries = new Map<string, { first: BookingRequestDTO; lessons: number }>();
  for (const request of requests) {
    const row = request.seriesId ? bySeries.get(request.seriesId) : undefined;
    if (row) {
      row.lessons++;
      if (request.startsAt < row.first.startsAt) row.first = request;
      continue;
    }
    const created = { first: request, lessons: 1 };
    rows.push(created);
    if (request.seriesId) bySeries.set(request.seriesId, created);
  }
  return rows;
}
