import { Copy, Link2 } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { useFeedStatus, useRegenerateFeed, useRevokeFeed } from "./use-calendar";

/**
 * Link Calendar (decisions.md section 2): a private iCalendar subscription URL. Only the token's
 * hash is stored, so a URL is shown once, right after it is made; Regenerate makes a new one and
 * the old one stops working.
 */
export function LinkCalendarDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Link2 aria-hidden className="size-4" />
          Link Calendar
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title="Link Calendar" description="Subscribe from Google, Apple or Outlook calendar to see your lessons and events there." width="lg">
          <LinkCalendarBody />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function LinkCalendarBody() {
  const status = useFeedStatus(true);
  const regenerate = useRegenerateFeed();
  const revoke = useRevokeFeed();
  const [copied, setCopied] = useState(false);
  const url = regenerate.data?.url ?? null;

  if (status.isPending) return <Spinner label="Loading..." />;
  if (status.isError) return <Alert>{errorMessage(status.error, "Failed to load your calendar link")}</Alert>;

  return (
    <div className="space-y-4 text-sm text-slate-700">
      {url ? (
        <div className="space-y-2">
          <label htmlFor="feed-url" className="block font-medium text-slate-900">
            Your private calendar URL
          </label>
          <div className="flex gap-2">
            <Input id="feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <Button
              variant="secondary"
              aria-label="Copy URL"
              onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
            >
              <Copy aria-hidden className="size-4" />
            </Button>
          </div>
          <p role="status" className="text-xs text-slate-600">
            {copied ? "Copied." : "Copy it now: for your security it is shown only this once. Anyone with it can see your calendar."}
          </p>
        </div>
      ) : status.data.active ? (
        <p>
          Your calendar link is active (made {new Date(status.data.createdAt!).toLocaleDateString("en-US")}). It is shown only when
          made; if you no longer have it, regenerate it.
        </p>
      ) : (
        <p>You have no calendar link yet.</p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button onClick={() => regenerate.mutate()} disabled={regenerate.isPending}>
          {status.data.active || url ? "Regenerate" : "Create Link"}
        </Button>
        {status.data.active ? (
          <Button variant="secondary" onClick={() => revoke.mutate(undefined, { onSuccess: () => regenerate.reset() })} disabled={revoke.isPending}>
            Stop Sharing
          </Button>
        ) : null}
      </div>
      {status.data.active || url ? <p className="text-xs text-slate-600">Regenerate makes a new URL; the old one stops working at once.</p> : null}
      {regenerate.isError ? <Alert>{errorMessage(regenerate.error, "Failed to make a calendar link")}</Alert> : null}
      {revoke.isError ? <Alert>{errorMessage(revoke.error, "Failed to stop sharing")}</Alert> : null}

      <div className="space-y-2 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">How to subscribe</h3>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Google Calendar:</strong> on a computer, Other calendars → + → From URL, paste the URL, Add calendar.
          </li>
          <li>
            <strong>Apple Calendar:</strong> File → New Calendar Subscription (on iPhone: Settings → Calendar → Accounts → Add Account →
            Other → Add Subscribed Calendar), paste the URL.
          </li>
          <li>
            <strong>Outlook:</strong> Add calendar → Subscribe from web, paste the URL, Import.
          </li>
        </ul>
        <p className="text-xs text-slate-600">Calendar apps refresh subscriptions on their own schedule, from every few minutes to once a day.</p>
      </div>
    </div>
  );
}
