import { useState } from "react";
import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { windowLabel } from "../../../shared/waitlist/waitlist-windows.rules";
import type { WaitlistEntryDTO } from "../../../shared/waitlist/waitlist.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { useEntryAction, useMyWaitlist } from "./use-waitlist";
import { WaitlistFormDialog } from "./waitlist-form-dialog";

const STATUS_LABELS: Record<WaitlistEntryDTO["status"], string> = { waiting: "Waiting", expired: "Expired: renew to keep waiting", closed: "Closed" };

const shortDate = (iso: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));

/** The family's waitlist entries on the dashboard (issue 44): what each waits for, until when; edit, renew, leave. */
export function MyWaitlist() {
  const waitlist = useMyWaitlist();
  const action = useEntryAction();
  const [editing, setEditing] = useState<WaitlistEntryDTO | null>(null);
  if (waitlist.isPending) return <Spinner label="Loading your waitlist..." />;
  if (waitlist.isError) return <Alert>{errorMessage(waitlist.error, "Could not load your waitlist.")}</Alert>;
  const entries = waitlist.data.entries.filter((e) => e.status !== "closed" || e.closedByTeacher);
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">You are not on any waitlist. On a teacher's profile, Join the waitlist to hear when a time that suits you becomes free.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {entries.map((entry) => (
          <li key={entry.id} className="py-3" data-testid="waitlist-entry">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {entry.teacherName} · {entry.studentFirstName}
                </p>
                <p className="text-sm text-slate-700">
                  {BOOKING_TYPES[entry.bookingType].label}, {FORMAT_LABELS[entry.format].toLowerCase()}
                  {entry.repeatWeeks ? `, weekly for ${entry.repeatWeeks} lessons` : ""}
                </p>
                <p className="text-sm text-slate-700">{entry.windows.map(windowLabel).join("; ")} ({entry.timeZone})</p>
                <p className="text-xs text-slate-500">
                  {entry.status === "closed" ? "Closed by the teacher" : STATUS_LABELS[entry.status]} · joined {shortDate(entry.joinedAt)}
                  {entry.status === "waiting" ? ` · until ${shortDate(entry.expiresAt)}` : ""}
                </p>
              </div>
              {entry.status !== "closed" ? (
                <div className="flex gap-1">
                  <Button size="compact" variant="ghost" onClick={() => setEditing(entry)}>
                    Edit
                  </Button>
                  <Button size="compact" variant="ghost" disabled={action.isPending} onClick={() => action.mutate({ entryId: entry.id, action: "renew" })}>
                    Renew
                  </Button>
                  <Button size="compact" variant="ghostDanger" disabled={action.isPending} onClick={() => action.mutate({ entryId: entry.id, action: "leave" })}>
                    Leave
                  </Button>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {action.isError ? <Alert className="mt-2">{errorMessage(action.error, "Could not change the entry. Please try again.")}</Alert> : null}
      {editing ? (
        <WaitlistFormDialog open onOpenChange={(open) => !open && setEditing(null)} teacherId={editing.teacherId} teacherName={editing.teacherName} entry={editing} />
      ) : null}
    </>
  );
}
