import { useState, type ReactNode } from "react";
import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  type EmailPreferences,
  type EmailPreferencesDTO,
} from "../../../shared/accounts/email-preferences";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useFlash } from "../../components/ui/form";
import { SwitchRow } from "../../components/ui/switch-row";
import { errorMessage } from "../../lib/api";
import { useShownEmailPreferences, useUpdateEmailPreferences } from "./use-email-preferences";
import { WeeklyEmailNow } from "./weekly-email-now";

/** As long as the other settings' success banners (spec: 3 seconds). */
export const EMAIL_SAVED_MS = 3000;

export const EMAIL_OFF_HINT = "Turn on Email notifications above to choose which emails you get.";
export const ALWAYS_SENT_NOTE = "Sign-in, account and invoice emails are always sent.";

const OFF_ID = "email-preferences-off";

/**
 * The four kinds of notification email a parent or teacher can turn off (issue 29). Each switch
 * saves on its own as it is switched, apart from any Save button of the page around it.
 *
 * `audience` picks the wording (the page knows whose settings it shows; without it the server's
 * active role decides). `offHint` says where the parent's "Email notifications" switch is, for
 * when it is off and these four are locked. `labelledBy` names the group (the heading above it).
 */
export function EmailPreferencesSection({
  audience,
  offHint = EMAIL_OFF_HINT,
  labelledBy,
}: {
  audience?: EmailPreferencesDTO["audience"];
  offHint?: ReactNode;
  labelledBy?: string;
}) {
  const { query, shown } = useShownEmailPreferences();
  // Switches already shown stay when a later read fails (say after a failed save): only a first
  // read that fails leaves nothing to show.
  if (query.data) {
    return (
      <EmailSwitches
        settings={query.data}
        shown={shown ?? query.data.preferences}
        audience={audience ?? query.data.audience}
        offHint={offHint}
        labelledBy={labelledBy}
      />
    );
  }
  if (query.isError) {
    return (
      <Alert>
        <p>{errorMessage(query.error, "Failed to load your email settings")}</p>
        <Button variant="link" className="mt-1" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <p role="status" className="py-3 text-sm text-slate-600">
      Loading your email settings...
    </p>
  );
}

function EmailSwitches({
  settings,
  shown,
  audience,
  offHint,
  labelledBy,
}: {
  settings: EmailPreferencesDTO;
  /** The switches with the saves on their way (see useShownEmailPreferences). */
  shown: EmailPreferences;
  audience: EmailPreferencesDTO["audience"];
  offHint: ReactNode;
  labelledBy: string | undefined;
}) {
  const saved = useFlash(EMAIL_SAVED_MS);
  // The message of the last failed save; it stays until the next switch is flipped.
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateEmailPreferences({
    onSaved: () => saved.show("Saved"),
    onFailed: (error) => {
      saved.clear();
      setFailure(errorMessage(error, "Failed to save your email settings"));
    },
  });
  const labels = EMAIL_CATEGORY_LABELS[audience];

  const change = (category: EmailCategory, on: boolean) => {
    setFailure(null);
    update.mutate({ [category]: on });
  };

  return (
    <div>
      {settings.emailOn ? null : (
        <p id={OFF_ID} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {offHint}
        </p>
      )}
      <div role="group" aria-labelledby={labelledBy} aria-describedby={settings.emailOn ? undefined : OFF_ID} className="divide-y divide-slate-100">
        {EMAIL_CATEGORIES.map((category) => (
          <SwitchRow
            key={category}
            id={`email-preferences-${category}`}
            label={labels[category].label}
            hint={labels[category].hint}
            checked={shown[category]}
            disabled={!settings.emailOn}
            onCheckedChange={(on) => change(category, on)}
          />
        ))}
      </div>
      {settings.emailOn && settings.preferences.weekly ? <WeeklyEmailNow audience={audience} /> : null}
      <p className="mt-3 text-xs text-slate-600">{ALWAYS_SENT_NOTE}</p>
      {/* Always in the page, so a screen reader hears "Saved" when it appears. */}
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-emerald-700">
        {saved.message}
      </p>
      {failure ? <Alert className="mt-2">{failure}</Alert> : null}
    </div>
  );
}
