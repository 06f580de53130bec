import { BOOKING_TYPES } from "../../../shared/booking/booking.constants";
import { FORMAT_LABELS } from "../../../shared/booking/lesson-place.rules";
import { OFFER_HOLD_MINUTES } from "../../../shared/waitlist/waitlist-offers.rules";
import { windowLabel } from "../../../shared/waitlist/waitlist-windows.rules";
import type { TeacherWaitlist as TeacherWaitlistData, WaitlistSettings } from "../../../shared/waitlist/waitlist.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { Spinner } from "../../components/ui/spinner";
import { SwitchRow } from "../../components/ui/switch-row";
import { errorMessage } from "../../lib/api";
import { formatSlot } from "../booking/format-time";
import { useCloseEntry, useSaveWaitlistSettings, useTeacherWaitlist } from "./use-waitlist";

const HOLD_CHOICES = [15, 30, 60, 120, 240, 480, 1440].filter((m) => m >= OFFER_HOLD_MINUTES.min && m <= OFFER_HOLD_MINUTES.max);
const holdLabel = (minutes: number) => (minutes < 60 ? `${minutes} minutes` : minutes === 60 ? "1 hour" : `${minutes / 60} hours`);
const shortDate = (iso: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));

/**
 * The teacher's waitlist (issue 44), a tab of the schedule: who waits, for what and since when,
 * their windows on the teacher's clock; the switches for taking families and offering freed times.
 * Every claim is a normal request the teacher accepts or declines, as today.
 */
export function TeacherWaitlist() {
  const waitlist = useTeacherWaitlist();
  if (waitlist.isPending) return <Spinner label="Loading your waitlist..." />;
  if (waitlist.isError) return <Alert>{errorMessage(waitlist.error, "Could not load your waitlist.")}</Alert>;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <WaitlistSettingsCard data={waitlist.data} />
      <WaitingFamilies data={waitlist.data} />
    </div>
  );
}

function WaitlistSettingsCard({ data }: { data: TeacherWaitlistData }) {
  const save = useSaveWaitlistSettings();
  const settings = data.settings;
  const change = (patch: Partial<WaitlistSettings>) => save.mutate({ ...settings, ...patch });
  return (
    <section aria-labelledby="waitlist-settings-heading" className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="waitlist-settings-heading" className="text-lg font-semibold text-slate-900">
        Waitlist settings
      </h2>
      <div className="divide-y divide-slate-100">
        <SwitchRow
          id="waitlist-open"
          label="Families may join"
          hint="Closing the waitlist also closes every entry on it."
          checked={settings.open}
          disabled={save.isPending}
          onCheckedChange={(open) => change({ open })}
        />
        <SwitchRow
          id="waitlist-offers"
          label="Offer freed times"
          hint="When a time frees up (a cancellation, a moved lesson, new hours), the first family waiting for it is offered it."
          checked={settings.offersEnabled}
          disabled={save.isPending}
          onCheckedChange={(offersEnabled) => change({ offersEnabled })}
        />
        <label className="flex items-center justify-between gap-4 py-3 text-sm font-medium text-slate-900">
          Hold an offer for
          <Select value={settings.holdMinutes} disabled={save.isPending} onChange={(event) => change({ holdMinutes: Number(event.target.value) })}>
            {[...new Set([...HOLD_CHOICES, settings.holdMinutes])].sort((a, b) => a - b).map((m) => (
              <option key={m} value={m}>
                {holdLabel(m)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <p className="mt-2 text-xs text-slate-600">A claimed time reaches you as a normal booking request: you accept or decline it.</p>
      {save.isError ? <Alert className="mt-3">{errorMessage(save.error, "Could not save the settings.")}</Alert> : null}
    </section>
  );
}

function WaitingFamilies({ data }: { data: TeacherWaitlistData }) {
  const close = useCloseEntry();
  return (
    <section aria-labelledby="waitlist-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
      <h2 id="waitlist-heading" className="text-lg font-semibold text-slate-900">
        Families waiting ({data.entries.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">Times shown in your time zone ({data.timeZone}). Families with a make-up credit are offered times first.</p>
      {data.entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nobody is waiting right now.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {data.entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="teacher-waitlist-entry">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {entry.studentFirstName} <span className="font-normal text-slate-600">({entry.parentName})</span>
                  {entry.holdsCredit ? <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">Make-up credit</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  {BOOKING_TYPES[entry.bookingType].label}, {FORMAT_LABELS[entry.format].toLowerCase()}
                  {entry.repeatWeeks ? `, weekly for ${entry.repeatWeeks} lessons` : ""}
                </p>
                <p className="text-sm text-slate-700">{entry.windows.map(windowLabel).join("; ")}</p>
                <p className="text-xs text-slate-500">
                  Since {shortDate(entry.joinedAt)}
                  {entry.openOfferStartsAt ? ` · offered ${formatSlot(entry.openOfferStartsAt, data.timeZone)}, waiting for their answer` : ""}
                </p>
              </div>
              <Button size="compact" variant="ghostDanger" disabled={close.isPending} onClick={() => close.mutate(entry.id)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {close.isError ? <Alert className="mt-3">{errorMessage(close.error, "Could not remove the family.")}</Alert> : null}
    </section>
  );
}
