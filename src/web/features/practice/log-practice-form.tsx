import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PRACTICE_DAYS_BACK, PRACTICE_MINUTES_MAX, PRACTICE_MINUTES_MIN } from "../../../shared/practice/practice.constants";
import { createEntrySchema, PRACTICE_NOTE_MAX } from "../../../shared/practice/practice.schemas";
import { addLocalDays } from "../../../shared/calendar/calendar-views.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { Choice } from "../../components/ui/choice";
import { errorMessage } from "../../lib/api";
import type { TimerItem } from "./practice-timer";

/** The request's own schema, less the child (the page knows which child it logs for). */
const logPracticeSchema = createEntrySchema.omit({ studentId: true });
export type LogPracticeInput = z.input<typeof logPracticeSchema>;
export type LogPracticeValues = z.output<typeof logPracticeSchema>;

/**
 * "Log practice": typed minutes, marked Self-reported. The date is today in the parent's zone by
 * default; the field offers only today and the 60 days before it, and the server checks the same
 * in the parent's zone. Also the edit form of an entry (`entry`).
 */
export function LogPracticeForm({
  today,
  items,
  entry,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  today: string;
  items: readonly TimerItem[];
  entry?: { practicedOn: string; minutes: number; homeworkItemIds: string[]; note: string };
  pending: boolean;
  error: unknown;
  onSubmit: (values: LogPracticeValues, form: { setServerErrors: (error: unknown) => void }) => void;
  onCancel?: () => void;
}) {
  const form = useForm<LogPracticeInput, unknown, LogPracticeValues>({
    resolver: zodResolver(logPracticeSchema),
    defaultValues: entry ?? { practicedOn: today, homeworkItemIds: [], note: "" },
  });
  const { errors } = form.formState;
  const id = (name: string) => `practice-${entry ? "edit" : "log"}-${name}`;
  const submit = form.handleSubmit((values) =>
    onSubmit(values, { setServerErrors: (e) => setServerErrors(e, form.setError, ["practicedOn", "minutes", "homeworkItemIds", "note"]) }),
  );
  const fieldError = Boolean(errors.practicedOn ?? errors.minutes ?? errors.note);
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={entry ? "Edit practice" : "Log practice"}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id("date")} label="Date" error={errors.practicedOn?.message}>
          <Input
            id={id("date")}
            type="date"
            min={addLocalDays(today, -PRACTICE_DAYS_BACK)}
            max={today}
            {...invalidProps(id("date"), errors.practicedOn?.message)}
            {...form.register("practicedOn")}
          />
        </Field>
        <Field id={id("minutes")} label="Minutes" error={errors.minutes?.message}>
          <Input
            id={id("minutes")}
            type="number"
            inputMode="numeric"
            min={PRACTICE_MINUTES_MIN}
            max={PRACTICE_MINUTES_MAX}
            step={1}
            {...invalidProps(id("minutes"), errors.minutes?.message)}
            {...form.register("minutes", { valueAsNumber: true })}
          />
        </Field>
      </div>
      {items.length > 0 ? (
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">What was practised (optional)</legend>
          {items.map((item) => (
            <Choice key={item.id} id={id(`item-${item.id}`)} type="checkbox" label={item.description} value={item.id} {...form.register("homeworkItemIds")} />
          ))}
        </fieldset>
      ) : null}
      <Field id={id("note")} label="Note (optional)" error={errors.note?.message}>
        <Textarea id={id("note")} rows={2} maxLength={PRACTICE_NOTE_MAX} {...invalidProps(id("note"), errors.note?.message)} {...form.register("note")} />
      </Field>
      {error && !fieldError ? <Alert>{errorMessage(error, "Failed to save the practice. Please try again.")}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : entry ? "Save changes" : "Log practice"}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
