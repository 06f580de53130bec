import { Controller } from "react-hook-form";
import { HOME_ADDRESS_HINT, STUDENT_PAGE_MESSAGES_LABEL } from "../../../../shared/parents/parents.schemas";
import { US_TIME_ZONES } from "../../../../shared/teachers/application.schemas";
import { zoneCityLabel } from "../../../../shared/time-zone.rules";
import { Field } from "../../../components/ui/field";
import { invalidProps } from "../../../components/ui/form";
import { TimeZoneSelect } from "../../../components/ui/form/time-zone-select";
import { Input } from "../../../components/ui/input";
import { SwitchRow } from "../../../components/ui/switch-row";
import { viewerTimeZone } from "../../../lib/time-zone";
import { EMAIL_OFF_HINT, EmailPreferencesSection } from "../../accounts/email-preferences-section";
import { Panel } from "./panel";
import type { ParentSettingsFormApi } from "./use-parent-settings-form";

/** The panels of the parent's settings form (settings-form.tsx puts them together). */

/** What the setting governs on the server (openWithTeacher in src/server/messages/conversations.service.ts). */
const STUDENT_PAGE_MESSAGES_HINT =
  "Students have no accounts of their own: they write from this account. When this is off, Message Teacher on a student's page and messages from a class page are turned off; you can still message a teacher from their profile, and conversations already in Messages stay open.";

/** "Use my device's time zone (Eastern Time (New York))": the zone emails use while none is chosen. */
function deviceZoneLabel(): string {
  const zone = viewerTimeZone();
  return `Use my device's time zone (${US_TIME_ZONES[zone] ?? zoneCityLabel(zone)})`;
}

export function ProfileInformationPanel({ form, email }: { form: ParentSettingsFormApi; email: string }) {
  const { errors } = form.formState;
  return (
  <Panel id="profile-information" title="Profile Information">
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="settings-first-name" label="First Name" error={errors.firstName?.message}>
        <Input
          id="settings-first-name"
          autoComplete="given-name"
          {...invalidProps("settings-first-name", errors.firstName?.message)}
          {...form.register("firstName")}
        />
      </Field>
      <Field id="settings-last-name" label="Last Name" error={errors.lastName?.message}>
        <Input
          id="settings-last-name"
          autoComplete="family-name"
          {...invalidProps("settings-last-name", errors.lastName?.message)}
          {...form.register("lastName")}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="settings-email" label="Email">
          <Input
            id="settings-email"
            type="email"
            value={email}
            readOnly
            aria-describedby="settings-email-note"
            tone="muted"
          />
          <p id="settings-email-note" className="text-xs text-slate-600">
            Email cannot be changed
          </p>
        </Field>
      </div>
      <Field id="settings-phone" label="Phone" error={errors.phone?.message}>
        <Input
          id="settings-phone"
          type="tel"
          autoComplete="tel"
          placeholder="(123) 456-7890"
          {...invalidProps("settings-phone", errors.phone?.message)}
          {...form.register("phone")}
        />
      </Field>
      <Field id="settings-location" label="Location" error={errors.location?.message}>
        <Input
          id="settings-location"
          autoComplete="address-level2"
          placeholder="City, State"
          {...invalidProps("settings-location", errors.location?.message)}
          {...form.register("location")}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="settings-address" label="Home address (optional)" hint={HOME_ADDRESS_HINT} error={errors.address?.message}>
          <Input
            id="settings-address"
            autoComplete="street-address"
            placeholder="12 Elm St, Brooklyn, NY 11201"
            {...invalidProps("settings-address", errors.address?.message)}
            {...form.register("address")}
          />
        </Field>
      </div>
    </div>
  </Panel>
  );
}

export function NotificationPreferencesPanel({ form, smsOn, emailSwitchOn }: { form: ParentSettingsFormApi; smsOn: boolean; emailSwitchOn: boolean }) {
  return (
  <Panel id="notification-preferences" title="Notification Preferences" description="How we reach you about lessons and messages.">
    <div className="divide-y divide-slate-100">
      <Controller
        control={form.control}
        name="notifications.email"
        render={({ field }) => (
          <SwitchRow
            id="settings-email-notifications"
            label="Email notifications"
            hint={smsOn ? "Stays on while SMS notifications are on." : "Booking updates and messages by email."}
            checked={field.value || smsOn}
            disabled={smsOn}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="notifications.sms"
        render={({ field }) => (
          <SwitchRow
            id="settings-sms-notifications"
            label="SMS notifications"
            hint="Text messages become your preferred way to hear from us."
            checked={field.value}
            onCheckedChange={(on) => {
              field.onChange(on);
              // SMS comes on top of email: the stored preference cannot say "SMS but no email".
              if (on) form.setValue("notifications.email", true, { shouldDirty: true });
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="allowStudentMessages"
        render={({ field }) => (
          <SwitchRow
            id="settings-allow-student-messages"
            label={STUDENT_PAGE_MESSAGES_LABEL}
            hint={STUDENT_PAGE_MESSAGES_HINT}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </div>
    <div className="mt-3 border-t border-slate-200 pt-4">
      <h3 id="email-me-about-heading" className="text-base font-semibold text-slate-900">
        Email me about
      </h3>
      <p className="mt-0.5 text-sm text-slate-600">Saved as you switch, without Save Changes.</p>
      <EmailPreferencesSection
        audience="parent"
        labelledBy="email-me-about-heading"
        // Switched on here but not saved yet: the server still has email off.
        offHint={emailSwitchOn ? "Save Changes to turn on Email notifications, then choose which emails you get." : EMAIL_OFF_HINT}
      />
    </div>
  </Panel>
  );
}

export function TimeZonePanel({ form, savedTimeZone }: { form: ParentSettingsFormApi; savedTimeZone: string | null }) {
  const { errors } = form.formState;
  return (
  <Panel id="time-zone" title="Time Zone" description="Lesson times in your emails and reminders are given in this zone.">
    <Field id="settings-time-zone" label="Time zone" error={errors.timeZone?.message}>
      <TimeZoneSelect
        id="settings-time-zone"
        current={savedTimeZone ?? undefined}
        emptyLabel={deviceZoneLabel()}
        {...invalidProps("settings-time-zone", errors.timeZone?.message)}
        {...form.register("timeZone")}
      />
    </Field>
  </Panel>
  );
}
