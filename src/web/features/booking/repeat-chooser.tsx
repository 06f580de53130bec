import type { Dispatch } from "react";
import { SERIES_MAX_LESSONS, SERIES_MIN_LESSONS } from "../../../shared/lessons/series.rules";
import { Input } from "../../components/ui/input";
import type { BookingFlowAction, RepeatChoice } from "./booking-flow.reducer";

const MODES: { mode: RepeatChoice["mode"]; label: string }[] = [
  { mode: "once", label: "Just this lesson" },
  { mode: "weeks", label: "Every week, for a number of weeks" },
  { mode: "until", label: "Every week, until a date" },
];

/**
 * "Every week" for a full lesson (issue 14): N weeks (2-26) or until a date. The server expands
 * the series in the teacher's zone (same local time every week) and checks every lesson.
 */
export function RepeatChooser({
  repeat,
  firstDate,
  problem = null,
  dispatch,
}: {
  repeat: RepeatChoice;
  firstDate: string;
  /** Why this repeat cannot be sent (seriesChoiceProblem), shown under the field. */
  problem?: string | null;
  dispatch: Dispatch<BookingFlowAction>;
}) {
  const invalid = problem ? { "aria-invalid": true, "aria-describedby": "repeat-problem" } : {};
  const choose = (mode: RepeatChoice["mode"]) =>
    dispatch({
      type: "repeatChanged",
      repeat: mode === "once" ? { mode } : mode === "weeks" ? { mode, weeks: repeat.mode === "weeks" ? repeat.weeks : 8 } : { mode, until: repeat.mode === "until" ? repeat.until : "" },
    });
  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-200 p-4 text-sm">
      <legend className="px-1 font-medium text-slate-900">Repeat</legend>
      {MODES.map(({ mode, label }) => (
        <label key={mode} className="flex items-center gap-2">
          <input type="radio" name="repeat" className="size-4 accent-brand-700" checked={repeat.mode === mode} onChange={() => choose(mode)} />
          {label}
        </label>
      ))}
      {repeat.mode === "weeks" ? (
        <label className="flex items-center gap-2 pl-6">
          <span>Number of lessons</span>
          <Input
            type="number"
            fullWidth={false}
            className="w-24"
            min={SERIES_MIN_LESSONS}
            max={SERIES_MAX_LESSONS}
            step={1}
            value={Number.isFinite(repeat.weeks) ? repeat.weeks : ""}
            {...invalid}
            onChange={(event) => dispatch({ type: "repeatChanged", repeat: { mode: "weeks", weeks: event.target.valueAsNumber } })}
          />
          <span className="text-slate-600">
            ({SERIES_MIN_LESSONS}-{SERIES_MAX_LESSONS})
          </span>
        </label>
      ) : null}
      {repeat.mode === "until" ? (
        <label className="flex flex-wrap items-center gap-2 pl-6">
          <span>Last lesson on or before</span>
          <Input
            type="date"
            fullWidth={false}
            className="w-44"
            min={firstDate}
            value={repeat.until}
            {...invalid}
            onChange={(event) => dispatch({ type: "repeatChanged", repeat: { mode: "until", until: event.target.value } })}
          />
        </label>
      ) : null}
      {problem ? (
        <p id="repeat-problem" role="alert" className="pl-6 text-red-700">
          {problem}
        </p>
      ) : null}
      {repeat.mode !== "once" ? <p className="text-slate-600">Every lesson is at the same time of day on the teacher&apos;s clock. The teacher accepts or declines the series as a whole.</p> : null}
    </fieldset>
  );
}
