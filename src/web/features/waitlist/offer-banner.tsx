import { BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { holdLeftLabel } from "../../../shared/waitlist/waitlist-offers.rules";
import type { WaitlistOfferDTO } from "../../../shared/waitlist/waitlist.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { formatSlot } from "../booking/format-time";
import { useClaimOffer, useDeclineOffer, useMyWaitlist } from "./use-waitlist";

/** The clock of the countdowns: once every 15 seconds is enough for "1 h 59 min". */
function useNow(intervalMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Freed times offered to the family (issue 44), on top of the dashboard: what, when, how long it
 * is still held, and one tap to claim it (a normal booking request the teacher then answers).
 * A new offer appears live (GET /api/live's waitlist_changed).
 */
export function OfferBanner() {
  const waitlist = useMyWaitlist();
  const now = useNow();
  // A claimed offer leaves the list at once (the server says it is claimed): its confirmation stays here.
  const [sent, setSent] = useState<WaitlistOfferDTO[]>([]);
  const offers = (waitlist.data?.offers ?? []).filter((offer) => new Date(offer.expiresAt) > now && !sent.some((s) => s.id === offer.id));
  if (offers.length === 0 && sent.length === 0) return null;
  return (
    <section aria-label="Times offered to you" className="space-y-3">
      {sent.map((offer) => (
        <p key={offer.id} role="status" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-800" data-testid="waitlist-offer-claimed">
          Request sent to {offer.teacherName} for {formatSlot(offer.startsAt)}. They accept or decline it; you will hear by email.
        </p>
      ))}
      {offers.map((offer) => (
        <OfferCard key={offer.id} offer={offer} now={now} onClaimed={() => setSent((list) => [...list, offer])} />
      ))}
    </section>
  );
}

function OfferCard({ offer, now, onClaimed }: { offer: WaitlistOfferDTO; now: Date; onClaimed: () => void }) {
  const claim = useClaimOffer();
  const decline = useDeclineOffer();
  const pending = claim.isPending || decline.isPending;
  return (
    <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-5" data-testid="waitlist-offer">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 gap-3">
            <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">A time with {offer.teacherName} is free: {formatSlot(offer.startsAt)}</p>
              <p className="text-sm text-slate-700">
                {BOOKING_TYPES[offer.bookingType].label} for {offer.studentFirstName} · {FORMAT_LABELS[offer.format]}
                {offer.repeatWeeks ? ` · ${offer.repeatWeeks} weekly lessons from then on` : ""}
                {offer.usesMakeUpCredit ? " · uses your make-up credit" : ""}
              </p>
              <p className="mt-1 text-sm font-medium text-amber-800">
                Held for you for <span data-testid="offer-countdown">{holdLeftLabel(new Date(offer.expiresAt), now)}</span>
              </p>
            </div>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" size="sm" disabled={pending} onClick={() => decline.mutate(offer.id)}>
              Let it pass
            </Button>
            <Button size="sm" disabled={pending} onClick={() => claim.mutate(offer.id, { onSuccess: onClaimed })}>
              {claim.isPending ? "Claiming..." : "Claim this time"}
            </Button>
          </div>
        </div>
      {claim.isError ? <Alert className="mt-3">{errorMessage(claim.error, "Could not claim this time. Please try again.")}</Alert> : null}
      {decline.isError ? <Alert className="mt-3">{errorMessage(decline.error, "Could not pass on this time. Please try again.")}</Alert> : null}
    </div>
  );
}
