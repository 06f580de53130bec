import { useEffect } from "react";
import { api, call } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { useMe } from "../auth/use-me";

/** The accounts whose zone this tab already reported: once per app start and sign-in, not per page. */
const reported = new Set<string>();

/**
 * Mounted once in the app frame: tells the server which zone a signed-in parent's device is in,
 * so emails and reminders give times on their clock when no zone is chosen in Settings
 * (issue 26). The server writes only a changed zone. A failure is not the parent's concern (the
 * next start reports again), so nothing is shown.
 */
export function ReportTimeZone() {
  const me = useMe().data;
  const parentUserId = me?.user && me.profiles.parent ? me.user.id : null;

  useEffect(() => {
    if (!parentUserId || reported.has(parentUserId)) return;
    reported.add(parentUserId);
    void call(api.parents.me["time-zone"].$put({ json: { timeZone: viewerTimeZone() } })).catch(() => reported.delete(parentUserId));
  }, [parentUserId]);

  return null;
}
