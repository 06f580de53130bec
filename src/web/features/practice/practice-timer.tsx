import { Pause, Play, Square, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { PRACTICE_TIMER_MAX_MINUTES } from "../../../shared/practice/practice.constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Choice } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { formatElapsed, formatMinutes, spokenElapsed } from "./practice-labels";
import { timerElapsedMs, useNow, type TimerState } from "./timer-clock";

export interface TimerItem {
  id: string;
  description: string;
}

export interface TimerActions {
  start: () => void;
  pause: () => void;
  resume: () => void;
  stopAndLog: (values: { homeworkItemIds: string[]; note: string }) => void;
  discard: () => void;
}

/**
 * The practice timer of one child. The server keeps the start time, so the figure survives a
 * reload or a closed tab; this view only ticks the display every second. Minutes it logs are
 * "Timed". Presentational: the caller wires the actions to the API (see practice-timer-card).
 */
export function PracticeTimer({
  studentName,
  timer,
  items,
  actions,
  pending,
  error,
}: {
  studentName: string;
  timer: TimerState | null;
  items: readonly TimerItem[];
  actions: TimerActions;
  pending: boolean;
  error: string | null;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Practice timer
      </h3>
      {timer === null ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Start it when {studentName} starts practising. It keeps counting if you close this page; minutes from the timer are marked Timed.
          </p>
          <Button className="mt-3" onClick={actions.start} disabled={pending}>
            <Play aria-hidden className="size-4" />
            Start timer
          </Button>
        </>
      ) : (
        <RunningTimer timer={timer} items={items} actions={actions} pending={pending} />
      )}
      {error ? <Alert className="mt-3">{error}</Alert> : null}
    </section>
  );
}

/** A started timer (running or paused); mounted only while one exists, so Stop and log starts closed each time. */
function RunningTimer({ timer, items, actions, pending }: { timer: TimerState; items: readonly TimerItem[]; actions: TimerActions; pending: boolean }) {
  const now = useNow(timer.running);
  const [stopping, setStopping] = useState(false);
  const elapsed = timerElapsedMs(timer, now);
  const minutes = Math.floor(elapsed / 60_000);
  return (
    <>
      {/* The ticking figure is hidden from screen readers (it would be read every second); its minutes are said instead. */}
      <p className="mt-2 text-4xl font-bold tabular-nums text-slate-900" data-testid="timer-elapsed">
        <span aria-hidden>{formatElapsed(elapsed)}</span>
        <span className="sr-only">{spokenElapsed(elapsed)}</span>
      </p>
      <p className="text-sm text-slate-600" role="status">
        {timer.running ? "Running" : "Paused"}
      </p>
      {stopping ? (
        <StopForm items={items} minutes={minutes} pending={pending} onLog={actions.stopAndLog} onBack={() => setStopping(false)} onDiscard={actions.discard} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {timer.running ? (
            <Button variant="secondary" onClick={actions.pause} disabled={pending}>
              <Pause aria-hidden className="size-4" />
              Pause
            </Button>
          ) : (
            <Button variant="secondary" onClick={actions.resume} disabled={pending}>
              <Play aria-hidden className="size-4" />
              Resume
            </Button>
          )}
          <Button onClick={() => setStopping(true)} disabled={pending}>
            <Square aria-hidden className="size-4" />
            Stop and log
          </Button>
        </div>
      )}
    </>
  );
}

function StopForm({
  items,
  minutes,
  pending,
  onLog,
  onBack,
  onDiscard,
}: {
  items: readonly TimerItem[];
  minutes: number;
  pending: boolean;
  onLog: TimerActions["stopAndLog"];
  onBack: () => void;
  onDiscard: () => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState("");
  const noteId = useId();
  const tooLong = minutes > PRACTICE_TIMER_MAX_MINUTES;
  const tooShort = minutes < 1;
  return (
    <form
      className="mt-3 space-y-3"
      aria-label="Log the timed practice"
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong && !tooShort) onLog({ homeworkItemIds: picked, note: note.trim() });
      }}
    >
      {tooLong ? (
        <Alert>This timer ran more than 10 hours, so it was probably left running. Discard it and log the practice with Log practice instead.</Alert>
      ) : tooShort ? (
        <p className="text-sm text-slate-700">Less than a minute so far: keep timing, or discard the timer.</p>
      ) : (
        <p className="text-sm text-slate-700">{formatMinutes(minutes)} will be logged for today as Timed.</p>
      )}
      {items.length > 0 && !tooLong && !tooShort ? (
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">What was practised (optional)</legend>
          {items.map((item) => (
            <Choice
              key={item.id}
              id={`${noteId}-item-${item.id}`}
              type="checkbox"
              label={item.description}
              checked={picked.includes(item.id)}
              onChange={(event) => setPicked((list) => (event.target.checked ? [...list, item.id] : list.filter((id) => id !== item.id)))}
            />
          ))}
        </fieldset>
      ) : null}
      {!tooLong && !tooShort ? (
        <Field id={noteId} label="Note (optional)">
          <Textarea id={noteId} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {!tooLong && !tooShort ? (
          <Button type="submit" disabled={pending}>
            {pending ? "Logging..." : `Log ${formatMinutes(minutes)}`}
          </Button>
        ) : null}
        {!tooLong ? (
          <Button variant="secondary" onClick={onBack} disabled={pending}>
            Keep timing
          </Button>
        ) : null}
        <Button variant="secondaryDanger" onClick={onDiscard} disabled={pending}>
          <Trash2 aria-hidden className="size-4" />
          Discard timer
        </Button>
      </div>
    </form>
  );
}
