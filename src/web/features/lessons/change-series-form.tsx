import { useState } from "react";
import { isLocalTime, localDateTime, localDayOfWeek } from "../../../shared/calendar/calendar-views.rules";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import type { LessonDTO } from "../../../shared/lessons/lessons.schemas";
import type { SeriesChange, SeriesWeekDTO, SeriesWeekProblem } from "../../../shared/lessons/series-change.rules";
import { Alert } from "../../components/ui/alert";
import { Field } from "../../components/ui/field";
import { FormActions } from "../../components/ui/form-actions";
import { Input } from "../../components/ui/input";
import { OptionsSelect } from "../../components/ui/form";
import { cn } from "../../lib/cn";
import { errorMessage } from "../../lib/api";
import { formatSlot } from "../booking/format-time";
import { unavailableReasonLabel } from "../booking/unavailable-times";
import { useChangeSeries, useSeriesChangePreview } from "./use-lessons";

/** Monday first, as a week of the change runs; values are 0 = Sunday … 6 = Saturday. */
const WEEKDAYS = [
  { value: "1", label: "Monday" },
  { value: "2", label: "Tuesday" },
  { value: "3", label: "Wednesday" },
  { value: "4", label: "Thursday" },
  { value: "5", label: "Friday" },
  { value: "6", label: "Saturday" },
  { value: "0", label: "Sunday" },
];

const FORMAT_OPTIONS = [
  { value: "", label: "Keep each lesson's format" },
  { value: "in_person", label: FORMAT_LABELS.in_person },
  { value: "online", label: FORMAT_LABELS.online },
];

function canMoveText(count: number): string {
  return count === 1 ? "The lesson can move." : count === 2 ? "Both lessons can move." : `All ${count} lessons can move.`;
}

function problemLabel(problem: SeriesWeekProblem, leadHours: number): string {
  return problem === "format_not_offered" ? "the teacher does not offer this format then" : unavailableReasonLabel(problem, leadHours);
}

/**
 * "This and all following lessons" (issue 44): a new weekday and time on the teacher's clock (and
 * a format, for a full lesson), a preview of every new date from the server's own check with the
 * weeks that cannot be booked marked, and one confirm that moves them all or none.
 */
export function ChangeSeriesForm({ lesson, onDone }: { lesson: LessonDTO; onDone: () => void }) {
  const zone = lesson.teacher.timeZone;
  const current = localDateTime(lesson.startsAt, zone);
  const [weekday, setWeekday] = useState(String(localDayOfWeek(current.date)));
  const [time, setTime] = useState(current.time);
  const [format, setFormat] = useState("");
  const validTime = isLocalTime(time);
  const unchanged = weekday === String(localDayOfWeek(current.date)) && time === current.time && (format === "" || format === lesson.format);
  const input: SeriesChange | null =
    validTime && !unchanged ? { weekday: Number(weekday), time, ...(format ? { format: format as SeriesChange["format"] } : {}) } : null;
  const preview = useSeriesChangePreview(lesson, input);
  const change = useChangeSeries(lesson);
  const weeks = input && preview.data ? preview.data.preview.weeks : [];
  const taken = weeks.filter((w) => w.problem !== null);
  const ready = input !== null && preview.isSuccess && !preview.isPlaceholderData && weeks.length > 0 && taken.length === 0;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (ready && input) change.mutate(input, { onSuccess: onDone });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change this and all following lessons">
      <p className="text-sm text-slate-700">
        Each lesson from this one on moves to the chosen day of its own week. Times are on {lesson.teacher.firstName}&apos;s clock ({zone}).
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="series-weekday" label="New day">
          <OptionsSelect id="series-weekday" options={WEEKDAYS} value={weekday} onChange={(e) => setWeekday(e.target.value)} />
        </Field>
        <Field id="series-time" label="New time" error={validTime ? undefined : "Choose a time like 16:00"}>
          <Input id="series-time" type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} aria-invalid={validTime ? undefined : true} />
        </Field>
        {lesson.bookingType === "full" ? (
          <Field id="series-format" label="Format">
            <OptionsSelect id="series-format" options={FORMAT_OPTIONS} value={format} onChange={(e) => setFormat(e.target.value)} />
          </Field>
        ) : null}
      </div>
      <section aria-labelledby="series-preview-title" className="space-y-2">
        <h3 id="series-preview-title" className="text-sm font-medium text-slate-900">
          New dates
        </h3>
        <div role="status" aria-live="polite" className="text-sm text-slate-700">
          {unchanged
            ? "Choose a new day, time or format to see the new dates."
            : !validTime
              ? null
              : preview.isError
                ? <Alert>{errorMessage(preview.error, "Could not check the new dates. Please try again.")}</Alert>
                : preview.isPending || preview.isPlaceholderData
                  ? "Checking every week..."
                  : taken.length > 0
                    ? `${taken.length} of ${weeks.length} weeks cannot be booked at that time. Choose another day or time.`
                    : canMoveText(weeks.length)}
        </div>
        {weeks.length > 0 ? <PreviewList weeks={weeks} leadHours={preview.data!.preview.leadHours} /> : null}
      </section>
      {change.isError ? <Alert>{errorMessage(change.error, "Failed to change the lessons. Please try again.")}</Alert> : null}
      <FormActions
        submit={ready ? `Move ${weeks.length} ${weeks.length === 1 ? "Lesson" : "Lessons"}` : "Move Lessons"}
        pending={change.isPending}
        pendingLabel="Moving..."
        disabled={!ready}
        cancel="Keep Current Times"
      />
    </form>
  );
}

function PreviewList({ weeks, leadHours }: { weeks: SeriesWeekDTO[]; leadHours: number }) {
  return (
    <ol className="max-h-72 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200" data-testid="series-preview">
      {weeks.map((week) => (
        <li key={week.bookingId} className={cn("flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm", week.problem && "bg-red-50")}>
          <span className={cn("font-medium", week.problem ? "text-red-800 line-through decoration-red-400" : "text-slate-900")}>{formatSlot(week.startsAt)}</span>
          <span className="text-xs text-slate-600">was {formatSlot(week.from)}</span>
          {week.problem ? (
            <span className="basis-full text-xs font-medium text-red-800">Not available: {problemLabel(week.problem, leadHours)}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
