import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, useWatch, type FieldPath } from "react-hook-form";
import {
  parentSettingsFormSchema,
  type ParentSettings,
  type ParentSettingsForm,
  type ParentSettingsFormInput,
  type ParentSettingsUpdateInput,
  HOME_ADDRESS_HINT,
  STUDENT_PAGE_MESSAGES_LABEL,
} from "../../../../shared/parents/parents.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors, useFlash } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { viewerTimeZone } from "../../../lib/time-zone";
import { TimeZoneSelect } from "../../../components/ui/form/time-zone-select";
import { US_TIME_ZONES } from "../../../../shared/teachers/application.schemas";
import { zoneCityLabel } from "../../../../shared/time-zone.rules";
import { EMAIL_OFF_HINT, EmailPreferencesSection } from "../../accounts/email-preferences-section";
import { EMAIL_PREFERENCES_QUERY_KEY } from "../../accounts/use-email-preferences";
import { useUpdateParentSettings } from "../use-parent";
import { Panel } from "./panel";
import { SwitchRow } from "../../../components/ui/switch-row";

/** Spec section 2: the success banner shows for 3 seconds. */
export const SAVED_BANNER_MS = 3000;

/** What the setting governs on the server (openWithTeacher in src/server/messages/conversations.service.ts). */
const STUDENT_PAGE_MESSAGES_HINT =
  "Students have no accounts of their own: they write from this account. When this is off, Message Teacher on a student's page and messages from a class page are turned off; you can still message a teacher from their profile, and conversations already in Messages stay open.";

const FORM_FIELDS: readonly FieldPath<ParentSettingsFormInput>[] = [
  "firstName",
  "lastName",
  "phone",
  "location",
  "address",
  "notifications",
  "notifications.email",
  "notifications.sms",
  "allowStudentMessages",
  "timeZone",
];

function toFormValues(settings: ParentSettings): ParentSettingsFormInput {
  return {
    firstName: settings.firstName,
    lastName: settings.lastName,
    phone: settings.phone ?? "",
    location: settings.location ?? "",
    address: settings.address ?? "",
    notifications: settings.notifications,
    allowStudentMessages: settings.allowStudentMessages,
    timeZone: settings.timeZone ?? "",
  };
}

/** "Use my device's time zone (Eastern Time (New York))": the zone emails use while none is chosen. */
function deviceZoneLabel(): string {
  const zone = viewerTimeZone();
  return `Use my device's time zone (${US_TIME_ZONES[zone] ?? zoneCityLabel(zone)})`;
}

/** Profile Information and Notification Preferences, saved together with Save Changes. */
export function SettingsForm({ settings }: { settings: ParentSettings }) {
  const update = useUpdateParentSettings();
  const queryClient = useQueryClient();
  const saved = useFlash(SAVED_BANNER_MS);
  const form = useForm<ParentSettingsFormInput, unknown, ParentSettingsForm>({
    resolver: zodResolver(parentSettingsFormSchema),
    defaultValues: toFormValues(settings),
    mode: "onChange",
  });
  const { errors, dirtyFields } = form.formState;
  const smsOn = useWatch({ control: form.control, name: "notifications.sms" });
  const emailSwitchOn = useWatch({ control: form.control, name: "notifications.email" }) || smsOn;

  const onSubmit = (values: ParentSettingsForm) => {
    saved.clear();
    const patch: ParentSettingsUpdateInput = {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      location: values.location,
      address: values.address,
      allowStudentMessages: values.allowStudentMessages,
      timeZone: values.timeZone,
      // Untouched switches are not sent: a stored choice they cannot show (sign-up's "In-app")
      // must survive saving a new phone number.
      ...(dirtyFields.notifications?.email || dirtyFields.notifications?.sms ? { notifications: values.notifications } : {}),
    };
    update.mutate(patch, {
      onSuccess: (next) => {
        form.reset(toFormValues(next));
        saved.show("Settings saved successfully!");
        // The email switches below lock and unlock with Email notifications (their `emailOn`).
        if (patch.notifications) void queryClient.invalidateQueries({ queryKey: EMAIL_PREFERENCES_QUERY_KEY });
      },
      onError: (error) => setServerErrors(error, form.setError, FORM_FIELDS),
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6">
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
                value={settings.email}
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

      <Panel id="time-zone" title="Time Zone" description="Lesson times in your emails and reminders are given in this zone.">
        <Field id="settings-time-zone" label="Time zone" error={errors.timeZone?.message}>
          <TimeZoneSelect
            id="settings-time-zone"
            current={settings.timeZone ?? undefined}
            emptyLabel={deviceZoneLabel()}
            {...invalidProps("settings-time-zone", errors.timeZone?.message)}
            {...form.register("timeZone")}
          />
        </Field>
      </Panel>

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
