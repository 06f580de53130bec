import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  eventFormValues,
  eventInputSchema,
  type CalendarEventDTO,
  type EventData,
  type EventInput,
} from "../../../shared/calendar/calendar.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { useRefreshEvents, useSaveEvent } from "./use-calendar";

export interface StudentOption {
  id: string;
  firstName: string;
  lastName: string;
}

/** How long "Event Created!" stays before the dialog closes and the calendar refreshes (spec). */
const SUCCESS_MS = 1500;
const TYPE_OPTIONS = [
  { value: "practice", label: "Practice" },
  { value: "reminder", label: "Reminder" },
  { value: "custom", label: "Other" },
] as const;
const FIELDS = ["title", "eventType", "date", "startTime", "endTime", "studentId", "notes"] as const;
const SELECT_CLASSES =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-500";

/** Create Event (and edit of one's own event): the form and the route share eventInputSchema. */
export function EventDialog({
  open,
  onOpenChange,
  event,
  defaultDate,
  timeZone,
  students,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event: CalendarEventDTO | null;
  defaultDate: string;
  timeZone: string;
  students: readonly StudentOption[];
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={event ? "Edit Event" : "Create Event"} description="Times are in your time zone.">
      <EventForm event={event} defaultDate={defaultDate} timeZone={timeZone} students={students} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function EventForm({
  event,
  defaultDate,
  timeZone,
  students,
  onDone,
}: {
  event: CalendarEventDTO | null;
  defaultDate: string;
  timeZone: string;
  students: readonly StudentOption[];
  onDone: () => void;
}) {
  const save = useSaveEvent(event?.id ?? null);
  const refresh = useRefreshEvents();
  const [saved, setSaved] = useState(false);
  const form = useForm<EventInput, unknown, EventData>({
    resolver: zodResolver(eventInputSchema),
    defaultValues: event
      ? eventFormValues(event, timeZone)
      : { title: "", eventType: "practice", date: defaultDate, startTime: "16:00", endTime: "17:00", studentId: "", notes: "", timeZone },
  });
  const { errors } = form.formState;
  const eventType = useWatch({ control: form.control, name: "eventType" });
  // A student belongs to a parent's practice or reminder only.
  const showStudent = students.length > 0 && (eventType === "practice" || eventType === "reminder");

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, timeZone, studentId: showStudent ? values.studentId : undefined },
      {
        onSuccess: () => {
          setSaved(true);
          setTimeout(() => {
            void refresh();
            onDone();
          }, SUCCESS_MS);
        },
        onError: (error) => setServerErrors(error, form.setError, FIELDS),
      },
    ),
  );

  if (saved) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
        <CheckCircle2 aria-hidden className="size-10 text-green-600" />
        <p className="text-lg font-semibold text-slate-900">{event ? "Event Updated!" : "Event Created!"}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id="event-title" label="Title" error={errors.title?.message}>
        <Input id="event-title" autoComplete="off" {...invalidProps("event-title", errors.title?.message)} {...form.register("title")} />
      </Field>
      <Field id="event-date" label="Date" error={errors.date?.message}>
        <Input id="event-date" type="date" {...invalidProps("event-date", errors.date?.message)} {...form.register("date")} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="event-start" label="Start Time" error={errors.startTime?.message}>
          <Input id="event-start" type="time" {...invalidProps("event-start", errors.startTime?.message)} {...form.register("startTime")} />
        </Field>
        <Field id="event-end" label="End Time" error={errors.endTime?.message}>
          <Input id="event-end" type="time" {...invalidProps("event-end", errors.endTime?.message)} {...form.register("endTime")} />
        </Field>
      </div>
      <Field id="event-type" label="Event Type" error={errors.eventType?.message}>
        <select id="event-type" className={SELECT_CLASSES} {...invalidProps("event-type", errors.eventType?.message)} {...form.register("eventType")}>
          {TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      {showStudent ? (
        <Field id="event-student" label="Student" error={errors.studentId?.message}>
          <select id="event-student" className={SELECT_CLASSES} {...invalidProps("event-student", errors.studentId?.message)} {...form.register("studentId")}>
            <option value="">No specific student</option>
            {students.map((student) => (
              <option key={student.id} value={student.id}>
                {student.firstName} {student.lastName}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field id="event-notes" label="Notes (optional)" error={errors.notes?.message}>
        <Textarea id="event-notes" rows={3} {...invalidProps("event-notes", errors.notes?.message)} {...form.register("notes")} />
      </Field>

      {save.isError ? <Alert>{errorMessage(save.error, "Failed to save the event")}</Alert> : null}

      <FormActions submit={event ? "Save Changes" : "Create Event"} pending={save.isPending} pendingLabel="Saving..." />
    </form>
  );
}
