import { CalendarCheck2, CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { requestAnswerBy } from "../../../shared/lessons/pending-expiry.rules";
import { Button, buttonClasses } from "../../components/ui/button";
import { formatSlot } from "./format-time";

/** Step 3: the Request Sent overlay (spec section 9), shown for REQUEST_SENT_MS. */
export function RequestSentStep() {
  return (
    <div role="status" className="flex flex-col items-center py-10 text-center">
      <CheckCircle2 aria-hidden className="mb-3 size-14 text-emerald-600" />
      <p className="text-xl font-semibold text-slate-900">Request Sent</p>
    </div>
  );
}

/** Step 4: what happens next, and the pending requests just made. */
export function RequestConfirmedStep({
  teacherFirstName,
  bookings,
  onClose,
}: {
  teacherFirstName: string;
  bookings: readonly BookingRequestDTO[];
  onClose: () => void;
}) {
  // The rule the server expires requests by (issue 41): the page says the same deadline the email does.
  const answerBy = bookings.length ? formatSlot(requestAnswerBy(bookings).toISOString()) : null;
  return (
    <div className="space-y-4 text-center">
      <CalendarCheck2 aria-hidden className="mx-auto size-12 text-brand-700" />
      <h3 className="text-lg font-semibold text-slate-900">Your request is with {teacherFirstName}</h3>
      {answerBy ? (
        <p className="text-slate-600" data-testid="request-answer-by">
          {teacherFirstName} will accept or decline {bookings.length === 1 ? "it" : "them"} by <strong className="font-semibold text-slate-900">{answerBy}</strong> (within 72
          hours, or before the lesson if that is sooner); until then the time is held for you.
        </p>
      ) : null}
      <p className="text-slate-600">
        We&apos;ve emailed you a confirmation, and we&apos;ll email you the answer. Follow it under Requests on your Parent Dashboard; accepted lessons appear in your calendar.
      </p>
      <ul className="mx-auto max-w-sm space-y-1 text-sm text-slate-700">
        {bookings.map((b) => (
          <li key={b.id}>
            {formatSlot(b.startsAt)} · {FORMAT_LABELS[b.format]} · pending
          </li>
        ))}
      </ul>
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <Link to="/dashboard" className={buttonClasses("primary")} onClick={onClose}>
          Go to Parent Dashboard
        </Link>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
