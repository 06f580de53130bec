import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LEAD_HOURS } from "../../../../shared/booking/booking.constants";
import { lessonSettingsSchema, type LessonSettings, type LessonSettingsDTO } from "../../../../shared/teachers/lesson-settings.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors, useFlash } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { SettingsSection } from "./form-parts";
import { SAVED_MESSAGE_MS } from "./use-teacher-settings-form";
import { TimeOffList } from "./time-off-list";
import { useSaveLessonSettings } from "./use-lesson-settings";

const FIELDS = ["noticeHours", "bufferMinutes", "leadHours"] as const;
const rulesOf = (settings: LessonSettings): LessonSettings => ({ noticeHours: settings.noticeHours, bufferMinutes: settings.bufferMinutes, leadHours: settings.leadHours });

/** Lessons and time off: the notice window, the buffer between lessons, the lead time, and days off. */
export function LessonRulesSection({ settings }: { settings: LessonSettingsDTO }) {
  const save = useSaveLessonSettings();
  const saved = useFlash(SAVED_MESSAGE_MS);
  const form = useForm<LessonSettings>({
    resolver: zodResolver(lessonSettingsSchema),
    defaultValues: rulesOf(settings),
    mode: "onChange",
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    saved.clear();
    save.mutate(values, {
      onSuccess: (next) => {
        form.reset(rulesOf(next));
        saved.show("Lesson settings saved.");
      },
      onError: (error) => setServerErrors(error, form.setError, [...FIELDS]),
    });
  });
  return (
    <SettingsSection id="lesson-rules" title="Lessons and time off" description="How much notice families give to cancel, the break you keep between lessons, how soon before a lesson you take requests, and the days you do not teach.">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field id="ls-notice" label="Cancellation notice (hours)" hint="A family cancelling at least this long before a lesson gets a make-up credit." error={errors.noticeHours?.message}>
            <Input id="ls-notice" type="number" inputMode="numeric" min={0} max={168} step={1} {...invalidProps("ls-notice", errors.noticeHours?.message)} {...form.register("noticeHours", { valueAsNumber: true })} />
          </Field>
          <Field id="ls-buffer" label="Buffer between lessons (minutes)" hint="Times this close to a booked lesson are not offered." error={errors.bufferMinutes?.message}>
            <Input id="ls-buffer" type="number" inputMode="numeric" min={0} max={30} step={1} {...invalidProps("ls-buffer", errors.bufferMinutes?.message)} {...form.register("bufferMinutes", { valueAsNumber: true })} />
          </Field>
          <Field id="ls-lead" label="Booking lead time (hours)" hint="Families cannot request a time that starts sooner than this. 0 offers every later time." error={errors.leadHours?.message}>
            <Input id="ls-lead" type="number" inputMode="numeric" min={LEAD_HOURS.min} max={LEAD_HOURS.max} step={1} {...invalidProps("ls-lead", errors.leadHours?.message)} {...form.register("leadHours", { valueAsNumber: true })} />
          </Field>
        </div>
        {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
        {save.isError ? <Alert>{errorMessage(save.error, "Failed to save lesson settings")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? "Saving..." : "Save Lesson Settings"}
          </Button>
        </div>
      </form>
      <TimeOffList settings={settings} />
    </SettingsSection>
  );
}
