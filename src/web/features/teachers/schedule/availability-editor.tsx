import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, Plus, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { LESSON_FORMATS } from "../../../../shared/teachers/teachers.constants";
import { DAY_NAMES, DAYS_OF_WEEK, formatTimeOfDay, groupByDay } from "../../../../shared/teachers/weekly-availability.rules";
import {
  AVAILABILITY_DEFAULTS,
  availabilityCreateSchema,
  type AvailabilityCreate,
  type AvailabilityCreateInput,
  type AvailabilityWindow,
  type WeeklyAvailability,
} from "../../../../shared/teachers/weekly-availability.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/choice";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { useAddAvailability, useDeleteAvailability } from "./use-availability";

const FORMAT_BADGES: Record<AvailabilityWindow["format"], string> = {
  both: "In-person or online",
  in_person: "In-person",
  online: "Online",
};

const range = (w: { startTime: string; endTime: string }) => `${formatTimeOfDay(w.startTime)} – ${formatTimeOfDay(w.endTime)}`;

/** The weekly availability editor: the hours parents can book, by day, in the teacher's time zone. */
export function AvailabilityEditor({ availability }: { availability: WeeklyAvailability }) {
  const byDay = new Map(groupByDay(availability.windows).map((group) => [group.day, group.windows]));
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <section aria-labelledby="weekly-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:col-span-3">
        <h2 id="weekly-heading" className="text-lg font-semibold text-slate-900">
          Weekly Availability
        </h2>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Clock aria-hidden className="size-4 shrink-0" />
          Times are in {availability.timeZone.replaceAll("_", " ")}
        </p>
        <ul aria-label="Availability by day" className="mt-4 divide-y divide-slate-100">
          {DAYS_OF_WEEK.map((day) => (
            <DayRow key={day} day={day} windows={byDay.get(day) ?? []} />
          ))}
        </ul>
      </section>
      <AddWindowForm />
    </div>
  );
}

function DayRow({ day, windows }: { day: number; windows: AvailabilityWindow[] }) {
  const remove = useDeleteAvailability();
  const name = DAY_NAMES[day] ?? "";
  return (
    <li className="py-3 sm:flex sm:gap-4" aria-label={name}>
      <h3 className="w-28 shrink-0 text-sm font-semibold text-slate-900 sm:pt-2.5">{name}</h3>
      <div className="mt-1 min-w-0 flex-1 sm:mt-0">
        {windows.length === 0 ? (
          <p className="text-sm text-slate-500 sm:pt-2.5">Not available</p>
        ) : (
          <ul className="space-y-2">
            {windows.map((window) => (
              <li key={window.id} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 py-1 pr-1 pl-3 ring-1 ring-slate-200">
                <span className="min-w-0 text-sm">
                  <span className="font-medium text-slate-900 tabular-nums">{range(window)}</span>
                  <span className="ml-2 text-xs whitespace-nowrap text-slate-600">{FORMAT_BADGES[window.format]}</span>
                </span>
                <Button
                  variant="ghostDanger"
                  size="sm"
                  className="shrink-0"
                  aria-label={`Delete ${name} ${range(window)}`}
                  disabled={remove.isPending && remove.variables === window.id}
                  onClick={() => remove.mutate(window.id)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {remove.isError && windows.some((w) => w.id === remove.variables) ? (
          <Alert className="mt-2">{errorMessage(remove.error, "Failed to delete time slot")}</Alert>
        ) : null}
      </div>
    </li>
  );
}

function AddWindowForm() {
  const add = useAddAvailability();
  const form = useForm<AvailabilityCreateInput, unknown, AvailabilityCreate>({
    resolver: zodResolver(availabilityCreateSchema),
    defaultValues: { ...AVAILABILITY_DEFAULTS },
    mode: "onChange",
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    add.mutate(values, {
      // Keep the day and format for the next window of the same kind; the times go back to the defaults.
      onSuccess: () => form.reset({ ...values, startTime: AVAILABILITY_DEFAULTS.startTime, endTime: AVAILABILITY_DEFAULTS.endTime }),
    });
  });

  return (
    <section aria-labelledby="add-window-heading" className="self-start rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:col-span-2">
      <h2 id="add-window-heading" className="text-lg font-semibold text-slate-900">
        Add Time Slot
      </h2>
      <p className="mt-1 text-sm text-slate-600">Parents can book lessons inside these hours, every week.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <Field id="aw-day" label="Day" error={errors.dayOfWeek?.message}>
          <Select id="aw-day" {...form.register("dayOfWeek", { setValueAs: (value: string | number) => Number(value) })}>
            {DAYS_OF_WEEK.map((day) => (
              <option key={day} value={day}>
                {DAY_NAMES[day]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id="aw-start" label="Start time" error={errors.startTime?.message}>
            <Input
              id="aw-start"
              type="time"
              step={60}
              {...form.register("startTime", { onChange: () => void form.trigger("endTime") })}
            />
          </Field>
          <Field id="aw-end" label="End time" error={errors.endTime?.message}>
            <Input id="aw-end" type="time" step={60} {...form.register("endTime")} />
          </Field>
        </div>
        <Field id="aw-format" label="Lesson format" error={errors.format?.message}>
          <Select id="aw-format" {...form.register("format")}>
            {Object.entries(LESSON_FORMATS).map(([value, label]) => (
              <option key={value} value={value}>
                {value === "both" ? "Both (in-person or online)" : label}
              </option>
            ))}
          </Select>
        </Field>
        {add.isError ? <Alert>{errorMessage(add.error, "Failed to add time slot")}</Alert> : null}
        <Button type="submit" className="w-full" disabled={add.isPending}>
          <Plus aria-hidden className="size-4" />
          {add.isPending ? "Adding..." : "Add Time Slot"}
        </Button>
      </form>
    </section>
  );
}
