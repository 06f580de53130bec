import type { ParentSettings } from "../../../../shared/parents/parents.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api";
import { NotificationPreferencesPanel, ProfileInformationPanel, TimeZonePanel } from "./settings-panels";
import { useParentSettingsForm } from "./use-parent-settings-form";

/** Profile Information and Notification Preferences, saved together with Save Changes. */
export function SettingsForm({ settings }: { settings: ParentSettings }) {
  const { form, update, saved, smsOn, emailSwitchOn, submit } = useParentSettingsForm(settings);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
      <ProfileInformationPanel form={form} email={settings.email} />
      <NotificationPreferencesPanel form={form} smsOn={smsOn} emailSwitchOn={emailSwitchOn} />
      <TimeZonePanel form={form} savedTimeZone={settings.timeZone} />

      <div className="space-y-3">
        {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
        {update.isError ? <Alert>{errorMessage(update.error, "Failed to update profile")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </div>
    </form>
  );
}
