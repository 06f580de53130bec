import type { UnavailableReason, UnavailableTime } from "../../../shared/booking/bookable.rules";
import { tooSoonReason } from "../../../shared/booking/lead-time.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { formatSlot } from "./format-time";

const REASON_LABEL: Record<Exclude<UnavailableReason, "too_soon">, string> = {
  taken: "already booked",
  time_off: "the teacher is away",
  busy: "the teacher is busy",
  buffer: "too close to another lesson",
  outside_hours: "outside the teacher's hours",
  past: "already passed",
  beyond_horizon: "more than 12 months ahead",
};

/** Why the server refused one chosen time, in the parent's words. */
export function unavailableReasonLabel(reason: UnavailableReason, leadHours: number): string {
  return reason === "too_soon" ? tooSoonReason(leadHours) : REASON_LABEL[reason];
}

/**
 * The chosen times the server could not book, each with why (in the viewer's zone), and the way
 * on: skip them and send the rest. Without `onSkip` (nothing else is left to send) only the list.
 */
export function UnavailableTimes({
  message,
  unavailable,
  timeZone,
  leadHours,
  sending,
  skipLabel,
  onSkip,
}: {
  message: string;
  unavailable: readonly UnavailableTime[];
  timeZone: string;
  leadHours: number;
  sending: boolean;
  skipLabel?: string;
  onSkip?: () => void;
}) {
  return (
    <Alert>
      <p>{message}</p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {unavailable.map((u) => (
          <li key={u.startsAt}>
            {formatSlot(u.startsAt, timeZone)}: {unavailableReasonLabel(u.reason, leadHours)}
          </li>
        ))}
      </ul>
      {onSkip ? (
        <Button className="mt-3" size="sm" disabled={sending} onClick={onSkip}>
          {skipLabel ?? "Skip these and send"}
        </Button>
      ) : null}
    </Alert>
  );
}
