import type { EmailPreferencesDTO } from "../../../shared/accounts/email-preferences";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { useSendWeeklyEmail } from "./use-email-preferences";

/**
 * Sends this week's digest or summary so far (issue 29), so a parent or teacher sees what Sunday's
 * will hold before waiting for it. Only offered while the weekly email is on.
 */
export function WeeklyEmailNow({ audience }: { audience: EmailPreferencesDTO["audience"] }) {
  const send = useSendWeeklyEmail();
  const what = audience === "parent" ? "digest" : "summary";
  const result = send.data;
  return (
    <div className="mt-3 space-y-2">
      <Button type="button" variant="secondary" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? "Sending..." : `Email me this week's ${what} now`}
      </Button>
      <div role="status">
        {result?.sent ? (
          <p className="text-sm text-emerald-700">Sent to {result.to}: this week so far. Sunday&apos;s still comes.</p>
        ) : result ? (
          <p className="text-sm text-slate-700">{result.message}</p>
        ) : null}
      </div>
      {send.isError ? <Alert>{errorMessage(send.error, `Failed to send this week's ${what}`)}</Alert> : null}
    </div>
  );
}
