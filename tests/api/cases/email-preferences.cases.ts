import { signedIn, type RouteCase } from "../route-case";

/**
 * Email settings (issue 29): every parent and teacher reads and changes their own (the path is
 * "me": there is no one else's to ask for). Anonymous 401; the operator, who holds neither
 * profile, 403. What the switches do: email-preferences.integration.test.ts.
 */
const EVERY_SWITCH = { booking: false, reminders: true, messages: false, weekly: true };

export const emailPreferencesCases: RouteCase[] = [
  { route: "GET /api/accounts/me/email-preferences", allowed: signedIn, ok: 200, request: () => ({ path: "/api/accounts/me/email-preferences" }) },
  {
    route: "PATCH /api/accounts/me/email-preferences", allowed: signedIn, ok: 200,
    request: () => ({ path: "/api/accounts/me/email-preferences", body: { booking: false } }),
    // Any one switch is a valid request; `{}` is refused (nothing to change), which the barrage
    // does not expect of an all-optional body: the unit and integration tests cover it.
    badInput: { as: "parent", validBody: () => ({ ...EVERY_SWITCH }), optionalKeys: Object.keys(EVERY_SWITCH) },
  },
  // Sent or not (nothing to say yet, already sent this week) is a 200 with `sent`; what it sends: weekly-digest.integration.test.ts.
  { route: "POST /api/accounts/me/weekly-email", allowed: signedIn, ok: 200, bodyless: true, request: () => ({ path: "/api/accounts/me/weekly-email" }) },
];
