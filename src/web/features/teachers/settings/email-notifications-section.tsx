import { EmailPreferencesSection } from "../../accounts/email-preferences-section";
import { SettingsSection } from "./form-parts";

/**
 * Issue 29: which notification emails the teacher gets. A teacher has no "Email notifications"
 * switch of their own; only an account that is a parent too can have turned email off, on the
 * parent settings page, so the locked switches point there.
 */
export function EmailNotificationsSection() {
  return (
    <SettingsSection
      id="email-notifications"
      title="Email notifications"
      description="Which emails we send you about lessons and messages. Saved as you switch."
    >
      <EmailPreferencesSection
        audience="teacher"
        labelledBy="email-notifications-heading"
        offHint="Email notifications are off in your parent settings. Turn them on there to choose which emails you get."
      />
    </SettingsSection>
  );
}
