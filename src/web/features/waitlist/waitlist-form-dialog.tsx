import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { DAY_NAMES } from "../../../shared/teachers/weekly-availability.rules";
import {
  joinWaitlistSchema,
  MAX_WAIT_WINDOWS,
  type JoinWaitlist,
  type JoinWaitlistInput,
  type WaitlistEntryDTO,
} from "../../../shared/waitlist/waitlist.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { FormActions } from "../../components/ui/form-actions";
import { errorText, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { TimeZoneSelect } from "../../components/ui/form/time-zone-select";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { useStudents } from "../students/use-students";
import { useJoinWaitlist, useUpdateEntry } from "./use-waitlist";

const FORMATS_OF = { full: ["in_person", "online"], intro: ["online", "phone"] } as const;
const DEFAULT_WEEKS = 10;

/**
 * Join a teacher's waitlist, or edit an entry (issue 44): the student, the lesson type and format,
 * one or more weekly windows on the parent's clock, and optionally "weekly from then on". One
 * schema (joinWaitlistSchema) checks the form here and the request on the server.
 */
export function WaitlistFormDialog({
  open,
  onOpenChange,
  teacherId,
  teacherName,
  entry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teacherId: string;
  teacherName: string;
  /** Editing this entry; joining when left out. */
  entry?: WaitlistEntryDTO;
}) {
  return (
    <DialogWhenOpen
      open={open}
      onOpenChange={onOpenChange}
      width="lg"
      title={entry ? "Edit waitlist entry" : "Join the waitlist"}
      description={`When a time with ${teacherName} inside your windows becomes free, we offer it to you: by email and on your dashboard.`}
    >
      <WaitlistForm teacherId={teacherId} entry={entry} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function WaitlistForm({ teacherId, entry, onDone }: { teacherId: string; entry: WaitlistEntryDTO | undefined; onDone: () => void }) {
  const students = useStudents();
  const join = useJoinWaitlist();
  const update = useUpdateEntry();
  const mutation = entry ? update : join;
  const form = useForm<JoinWaitlistInput, unknown, JoinWaitlist>({
    resolver: zodResolver(joinWaitlistSchema),
    defaultValues: {
      teacherId,
      studentId: entry?.studentId ?? "",
      bookingType: entry?.bookingType ?? "full",
      format: entry?.format ?? "in_person",
      windows: entry?.windows ?? [{ dayOfWeek: 2, startTime: "15:00", endTime: "18:00" }],
      timeZone: entry?.timeZone ?? viewerTimeZone(),
      ...(entry?.repeatWeeks ? { repeatWeeks: entry.repeatWeeks } : {}),
    },
  });
  const bookingType = useWatch({ control: form.control, name: "bookingType" });
  const repeatWeeks = useWatch({ control: form.control, name: "repeatWeeks" });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    const { teacherId: _t, studentId: _s, ...fieldsOnly } = values;
    const onError = (error: unknown) => setServerErrors(error, form.setError);
    if (entry) update.mutate({ entryId: entry.id, input: fieldsOnly }, { onSuccess: onDone, onError });
    else join.mutate(values, { onSuccess: onDone, onError });
  });
  const studentOptions = students.data ?? [];

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {entry ? null : (
        <Field id="waitlist-student" label="Student" required error={errors.studentId?.message}>
          <Select id="waitlist-student" fullWidth {...form.register("studentId")}>
            <option value="">Choose a student</option>
            {studentOptions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.firstName} {s.lastName}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="waitlist-type" label="Lesson type" error={errors.bookingType?.message}>
          <Select
            id="waitlist-type"
            fullWidth
            {...form.register("bookingType", {
              onChange: (event: { target: { value: keyof typeof FORMATS_OF } }) => {
                form.setValue("format", FORMATS_OF[event.target.value][0]);
                if (event.target.value !== "full") form.setValue("repeatWeeks", undefined);
              },
            })}
          >
            {Object.entries(BOOKING_TYPES).map(([key, type]) => (
              <option key={key} value={key}>
                {type.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="waitlist-format" label="Format" error={errors.format?.message}>
          <Select id="waitlist-format" fullWidth {...form.register("format")}>
            {FORMATS_OF[bookingType].map((format) => (
              <option key={format} value={format}>
                {FORMAT_LABELS[format]}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <WindowsFieldset form={form} />

      <Field id="waitlist-zone" label="Time zone of these times" error={errors.timeZone?.message}>
        <TimeZoneSelect id="waitlist-zone" current={entry?.timeZone} {...form.register("timeZone")} />
      </Field>

      {bookingType === "full" ? (
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={repeatWeeks !== undefined}
              onChange={(event) => form.setValue("repeatWeeks", event.target.checked ? DEFAULT_WEEKS : undefined)}
            />
            Weekly from then on
          </label>
          {repeatWeeks !== undefined ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              for
              <Input type="number" min={2} max={26} className="w-20" aria-label="Number of weekly lessons" {...form.register("repeatWeeks", { valueAsNumber: true })} />
              lessons
            </label>
          ) : null}
          {errors.repeatWeeks?.message ? <p className="w-full text-sm text-red-700">{errors.repeatWeeks.message}</p> : null}
        </div>
      ) : null}

      {mutation.isError ? <Alert>{errorMessage(mutation.error, "Could not save your waitlist entry. Please try again.")}</Alert> : null}
      <FormActions submit={entry ? "Save" : "Join the waitlist"} pending={mutation.isPending} pendingLabel="Saving..." />
    </form>
  );
}

/** The weekly windows: a day and a span each, up to MAX_WAIT_WINDOWS. */
function WindowsFieldset({ form }: { form: UseFormReturn<JoinWaitlistInput, unknown, JoinWaitlist> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "windows" });
  const errors = form.formState.errors;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Times that suit you (every week)</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-2" data-testid="waitlist-window">
          <label className="min-w-32 flex-1 text-xs text-slate-600">
            Day
            <Select aria-label={`Window ${index + 1} day`} fullWidth {...form.register(`windows.${index}.dayOfWeek`, { valueAsNumber: true })}>
              {DAY_NAMES.map((name, day) => (
                <option key={name} value={day}>
                  {name}s
                </option>
              ))}
            </Select>
          </label>
          <label className="w-28 text-xs text-slate-600">
            From
            <Input type="time" aria-label={`Window ${index + 1} from`} {...form.register(`windows.${index}.startTime`)} />
          </label>
          <label className="w-28 text-xs text-slate-600">
            To
            <Input type="time" aria-label={`Window ${index + 1} to`} {...form.register(`windows.${index}.endTime`)} />
          </label>
          {fields.length > 1 ? (
            <Button type="button" variant="ghostDanger" size="compact" aria-label={`Remove window ${index + 1}`} onClick={() => remove(index)}>
              <Trash2 aria-hidden className="size-4" />
            </Button>
          ) : null}
          {errorText(errors.windows?.[index]) ? <p className="w-full text-sm text-red-700">{errorText(errors.windows?.[index])}</p> : null}
        </div>
      ))}
      {errors.windows?.message || errors.windows?.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.windows?.message ?? errors.windows?.root?.message}
        </p>
      ) : null}
      {fields.length < MAX_WAIT_WINDOWS ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => append({ dayOfWeek: 4, startTime: "15:00", endTime: "18:00" })}>
          <Plus aria-hidden className="size-4" /> Add a window
        </Button>
      ) : null}
    </fieldset>
  );
}
