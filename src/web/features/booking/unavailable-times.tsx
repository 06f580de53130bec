import type { UnavailableReason } from "../../../shared/booking/bookable.rules";
import type { UnavailableDetails } from "../../../shared/booking/booking.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { formatSlot } from "./format-time";

const REASON_LABEL: Record<UnavailableReason, string> = {
  taken: "already booked",
  time_off: "the teacher is away",
  buffer: "too close to another lesson",
  outside_hours: "outside the teacher's hours",
  past: "already passed",
  beyond_horizon: "more than 12 months ahead",
};

/** The lessons of a series the server could not book, each with why, and the way on: skip them and send again. */
export function UnavailableTimes({
  message,
  unavailable,
  sending,
  onSkip,
}: {
  message: string;
  unavailable: UnavailableDetails["unavailable"];
  sending: boolean;
  onSkip: () => void;
}) {
  return (
    <Alert>
      <p>{message}</p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {unavailable.map((u) => (
          <li key={u.startsAt}>
            {formatSlot(u.startsAt)}: {REASON_LABEL[u.reason]}
          </li>
        ))}
      </ul>
      <Button className="mt-3" size="sm" disabled={sending} onClick={onSkip}>
        Skip {unavailable.length === 1 ? "this date" : "these dates"} and send
      </Button>
    </Alert>
  );
}
