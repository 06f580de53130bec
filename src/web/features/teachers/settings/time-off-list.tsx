import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  timeOffCreateSchema,
  type LessonSettingsDTO,
  type TimeOffCreate,
  type TimeOffCreateInput,
  type TimeOffDTO,
} from "../../../../shared/teachers/lesson-settings.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors, useFlash } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { SAVED_MESSAGE_MS } from "./use-teacher-settings-form";
import { useAddTimeOff, useDeleteTimeOff } from "./use-lesson-settings";
import { dateTimeFormat } from "../../../../shared/date-time-format";

const formatDay = (date: string) =>
  dateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

function rangeLabel(range: TimeOffDTO): string {
  return range.startDate === range.endDate ? formatDay(range.startDate) : `${formatDay(range.startDate)} – ${formatDay(range.endDate)}`;
}

/** Days off: parents cannot book them, and the server refuses requests for them. */
export function TimeOffList({ settings }: { settings: LessonSettingsDTO }) {
  const add = useAddTimeOff();
  const remove = useDeleteTimeOff();
  const added = useFlash(SAVED_MESSAGE_MS * 2);
  const form = useForm<TimeOffCreateInput, unknown, TimeOffCreate>({ resolver: zodResolver(timeOffCreateSchema), defaultValues: { startDate: "", endDate: "", note: "" } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    added.clear();
    add.mutate(values, {
      onSuccess: (result) => {
        form.reset({ startDate: "", endDate: "", note: "" });
        added.show(
          result.bookedLessons > 0
            ? `Time off added. ${result.bookedLessons} lesson${result.bookedLessons === 1 ? " is" : "s are"} already booked on those days and stay booked.`
            : "Time off added.",
        );
      },
      onError: (error) => setServerErrors(error, form.setError, ["startDate", "endDate", "note"]),
    });
  });
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-medium text-slate-900">Time off</h3>
      <p className="text-sm text-slate-600">Days in your time zone ({settings.timeZone.replaceAll("_", " ")}), first and last day included.</p>
      {settings.timeOff.length === 0 ? (
        <p className="text-sm text-slate-600">No time off planned.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {settings.timeOff.map((range) => (
            <li key={range.id} className="flex items-center justify-between gap-3 p-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{rangeLabel(range)}</p>
                {range.note ? <p className="text-slate-600">{range.note}</p> : null}
              </div>
              <Button size="sm" variant="secondary" aria-label={`Delete time off ${rangeLabel(range)}`} disabled={remove.isPending} onClick={() => remove.mutate(range.id)}>
                <Trash2 aria-hidden className="size-4" /> Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError ? <Alert>{errorMessage(remove.error, "Failed to delete time off")}</Alert> : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <Field id="to-start" label="First day off" error={errors.startDate?.message}>
          <Input id="to-start" type="date" {...invalidProps("to-start", errors.startDate?.message)} {...form.register("startDate")} />
        </Field>
        <Field id="to-end" label="Last day off" error={errors.endDate?.message}>
          <Input id="to-end" type="date" {...invalidProps("to-end", errors.endDate?.message)} {...form.register("endDate")} />
        </Field>
        <Field id="to-note" label="Note (optional)" error={errors.note?.message}>
          <Input id="to-note" placeholder="Holiday" {...invalidProps("to-note", errors.note?.message)} {...form.register("note")} />
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add Time Off"}
        </Button>
      </form>
      {added.message ? <Alert tone="success">{added.message}</Alert> : null}
      {add.isError ? <Alert>{errorMessage(add.error, "Failed to add time off")}</Alert> : null}
    </div>
  );
}
