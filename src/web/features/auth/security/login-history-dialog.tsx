import { format } from "date-fns";
import { Monitor } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DialogWhenOpen } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/api";
import { describeIpAddress } from "../../../lib/ip-address";
import { describeBrowser } from "../../../lib/user-agent";
import { useAuthSession } from "./use-auth-session";
import { useRevokeOtherSessions, useSessions } from "./use-security";

export function LoginHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Login History" description="Where your account is signed in." width="lg">
      <LoginHistory />
    </DialogWhenOpen>
  );
}

function LoginHistory() {
  const current = useAuthSession();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) return <p className="text-slate-600">Loading...</p>;
  if (sessions.isError) return <Alert>{errorMessage(sessions.error, "Failed to load your sessions.")}</Alert>;
  const rows = [...sessions.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const others = rows.filter((s) => s.id !== current.data?.session.id).length;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map((s) => (
          <li key={s.id} className="flex items-start gap-3 p-3">
            <Monitor aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {describeBrowser(s.userAgent)}
                {s.id === current.data?.session.id ? <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-800">This device</span> : null}
              </p>
              <p className="text-slate-600">
                Signed in {format(new Date(s.createdAt), "MMM d, yyyy 'at' h:mm a")} · {describeIpAddress(s.ipAddress)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {revokeOthers.isSuccess ? <Alert tone="success">Your other sessions were signed out.</Alert> : null}
      {revokeOthers.isError ? <Alert>{errorMessage(revokeOthers.error, "Failed to sign out the other sessions.")}</Alert> : null}
      <Button variant="secondary" className="w-full" disabled={others === 0 || revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
        Sign out all other sessions
      </Button>
    </div>
  );
}
