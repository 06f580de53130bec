import { X } from "lucide-react";
import { useMemo, type Dispatch, type ReactNode } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { format, parse, startOfMonth } from "date-fns";
import { isWithinBuffer } from "../../../shared/booking/bookable.rules";
import { BOOKING_HORIZON_MESSAGE } from "../../../shared/booking/booking-horizon.rules";
import type { SlotDTO, SlotsResponse } from "../../../shared/booking/booking.schemas";
import { leadTimeNotice } from "../../../shared/booking/lead-time.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import type { BookingFlowAction, BookingFlowState, Refusal } from "./booking-flow.reducer";
import { formatClock, formatSlot, zoneLabel } from "./format-time";
import { UnavailableTimes } from "./unavailable-times";

const interval = (slot: SlotDTO) => ({ startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) });
const minutes = (n: number) => `${n} ${n === 1 ? "minute" : "minutes"}`;

/**
 * Step 1: the month calendar (open days only), the day's times in the viewer's zone, and the
 * chosen times. Times too close to a chosen one for the teacher's buffer are shown but cannot be
 * chosen: the server would refuse the two together (bookable.rules' isWithinBuffer).
 */
export function ChooseTimesStep({
  flow,
  slots,
  timeZone,
  refusal,
  dispatch,
  footer,
  pickOne = false,
  noTimeSuits,
}: {
  flow: Pick<BookingFlowState, "month" | "lastMonth" | "day" | "selected">;
  slots: { data: SlotsResponse | undefined; isPending: boolean; isError: boolean };
  timeZone: string;
  /** Why the last request failed, when it came back to the calendar. */
  refusal: Refusal | null;
  dispatch: Dispatch<BookingFlowAction>;
  /** In place of Continue (e.g. rescheduling, which needs no review step). */
  footer?: ReactNode;
  /** A new pick replaces the chosen time (rescheduling): no time is kept apart from it. */
  pickOne?: boolean;
  /** Under the calendar, for when no time suits (a new request: Join the waitlist). */
  noTimeSuits?: ReactNode;
}) {
  const month = useMemo(() => parse(flow.month, "yyyy-MM", new Date()), [flow.month]);
  const lastMonth = useMemo(() => parse(flow.lastMonth, "yyyy-MM", new Date()), [flow.lastMonth]);
  const atLastMonth = flow.month >= flow.lastMonth;
  const day = useMemo(() => (flow.day ? parse(flow.day, "yyyy-MM-dd", new Date()) : undefined), [flow.day]);
  const openDays = useMemo(() => new Set(Object.keys(slots.data?.days ?? {})), [slots.data]);
  const daySlots = flow.day ? (slots.data?.days[flow.day] ?? []) : [];
  const isSelected = (slot: SlotDTO) => flow.selected.some((s) => s.startsAt === slot.startsAt);
  const bufferMinutes = pickOne ? 0 : (slots.data?.bufferMinutes ?? 0);
  const chosen = useMemo(() => flow.selected.map(interval), [flow.selected]);
  const tooClose = (slot: SlotDTO) => !isSelected(slot) && isWithinBuffer(interval(slot), chosen, bufferMinutes);
  const anyTooClose = daySlots.some(tooClose);
  const leadNotice = slots.data ? leadTimeNotice(slots.data.leadHours) : null;

  return (
    <div className="space-y-4">
      {refusal && refusal.unavailable.length > 0 ? (
        <UnavailableTimes message={refusal.message} unavailable={refusal.unavailable} timeZone={timeZone} leadHours={slots.data?.leadHours ?? 0} sending={false} />
      ) : refusal ? (
        <Alert>{refusal.message}</Alert>
      ) : null}
      <div className="grid gap-6 md:grid-cols-[auto_1fr]">
        <div className="booking-calendar">
          <DayPicker
            mode="single"
            month={month}
            onMonthChange={(m) => dispatch({ type: "monthShown", month: format(m, "yyyy-MM") })}
            startMonth={startOfMonth(new Date())}
            endMonth={lastMonth}
            selected={day}
            onSelect={(d) => dispatch({ type: "dayPicked", day: d ? format(d, "yyyy-MM-dd") : null })}
            showOutsideDays={false}
            disabled={(date) => slots.isPending || !openDays.has(format(date, "yyyy-MM-dd"))}
          />
          {slots.isError ? <Alert>Failed to load teacher availability</Alert> : null}
          {slots.data && openDays.size === 0 ? <p className="text-sm text-slate-600">
              {atLastMonth ? BOOKING_HORIZON_MESSAGE : "No open times this month. Try the next month."}
            </p> : null}
          {noTimeSuits}
        </div>
        <div className="min-w-0 space-y-3">
          <p className="text-sm text-slate-600">
            Times shown in {zoneLabel(timeZone)}
            {leadNotice ? <span className="block">{leadNotice}.</span> : null}
          </p>
          {!day ? (
            <p className="text-slate-700">Choose a day to see open times.</p>
          ) : daySlots.length === 0 && !slots.isPending ? (
            // The day was open when picked; a refresh since (the lead time passing, another
            // family booking) can leave it with no time.
            <p className="text-slate-700">No open times are left on {format(day, "EEEE, MMMM d")}. Please choose another day.</p>
          ) : (
            <div role="group" aria-label={`Open times on ${format(day, "EEEE, MMMM d")}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {daySlots.map((slot) => (
                <button
                  key={slot.startsAt}
                  type="button"
                  aria-pressed={isSelected(slot)}
                  disabled={tooClose(slot)}
                  aria-describedby={tooClose(slot) ? "booking-buffer-note" : undefined}
                  onClick={() => dispatch({ type: "timeToggled", slot })}
                  className={cn(
                    "h-10 rounded-lg border text-sm font-medium",
                    isSelected(slot)
                      ? "border-brand-600 bg-brand-600 text-white"
                      : tooClose(slot)
                        ? "cursor-not-allowed border-dashed border-slate-300 text-slate-500"
                        : "border-slate-300 text-slate-800 hover:border-brand-600",
                  )}
                >
                  {formatClock(slot.startsAt)}
                </button>
              ))}
            </div>
          )}
          {anyTooClose ? (
            <p id="booking-buffer-note" className="text-sm text-slate-600">
              Times within {minutes(bufferMinutes)} of a chosen time cannot be added: the teacher keeps {minutes(bufferMinutes)} free between lessons.
            </p>
          ) : null}
          {flow.selected.length > 0 ? <SelectedTimes selected={flow.selected} dispatch={dispatch} /> : null}
        </div>
      </div>
      {footer ?? (
        <div className="flex justify-end">
          <Button onClick={() => dispatch({ type: "continued" })} disabled={flow.selected.length === 0}>
            Continue
          </Button>
        </div>
      )}
    </div>
  );
}

function SelectedTimes({ selected, dispatch }: { selected: readonly SlotDTO[]; dispatch: Dispatch<BookingFlowAction> }) {
  return (
    <section aria-label="Selected times" className="rounded-xl border border-slate-200 p-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Selected ({selected.length})</h3>
      <ul className="max-h-60 space-y-1 overflow-y-auto">
        {selected.map((slot) => (
          <li key={slot.startsAt} className="flex items-center justify-between gap-2 text-sm text-slate-800">
            <span>{formatSlot(slot.startsAt)}</span>
            <button
              type="button"
              aria-label={`Remove ${formatSlot(slot.startsAt)}`}
              onClick={() => dispatch({ type: "timeRemoved", startsAt: slot.startsAt })}
              className="rounded p-1 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
