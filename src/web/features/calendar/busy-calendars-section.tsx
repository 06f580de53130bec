import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock, RefreshCw, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import {
  busyCalendarInputSchema,
  MAX_CALENDARS_PER_TEACHER,
  type BusyCalendarData,
  type BusyCalendarDTO,
  type BusyCalendarInput,
} from "../../../shared/calendar/busy-calendars.schemas";
import { fetchStatusLine } from "../../../shared/calendar/busy-times.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors, useFlash } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { useAddBusyCalendar, useBusyCalendars, useRefreshBusyCalendar, useRemoveBusyCalendar } from "./use-busy-calendars";
import { dateTimeFormat } from "../../../shared/date-time-format";

const EMPTY: BusyCalendarInput = { url: "", label: "" };

function when(iso: string): string {
  return dateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: viewerTimeZone() }).format(new Date(iso));
}

/**
 * Settings: "Your other calendars" (issue 46). A teacher pastes the private iCal address of a
 * calendar (school, orchestra, family); its busy times close those slots for families, who only
 * ever read that the teacher is busy. Each calendar says when it was last read and, when the last
 * read failed, why, in plain words.
 */
export function BusyCalendarsSection() {
  const calendars = useBusyCalendars();
  return (
    <section aria-labelledby="busy-calendars-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="busy-calendars-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarClock aria-hidden className="size-5 text-slate-500" />
        Your other calendars
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Times that are busy in your own calendars (a school job, rehearsals, family) are closed for booking. We read each calendar every 15 minutes.
        Families only see that you are busy, never what.
      </p>
      <div className="mt-5 space-y-4">
        {calendars.isPending ? (
          <Spinner label="Loading your calendars..." />
        ) : calendars.isError ? (
          <Alert>{errorMessage(calendars.error, "Failed to load your calendars")}</Alert>
        ) : (
          <>
            <CalendarList calendars={calendars.data} />
            {calendars.data.length < MAX_CALENDARS_PER_TEACHER ? <AddCalendarForm /> : <p className="text-sm text-slate-600">You have added the most calendars there can be ({MAX_CALENDARS_PER_TEACHER}).</p>}
          </>
        )}
      </div>
    </section>
  );
}

function CalendarList({ calendars }: { calendars: BusyCalendarDTO[] }) {
  const remove = useRemoveBusyCalendar();
  const refresh = useRefreshBusyCalendar();
  if (calendars.length === 0) return <p className="text-sm text-slate-600">No calendars added yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Your calendars">
        {calendars.map((calendar) => (
          <li key={calendar.id} className="space-y-2 p-3 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{calendar.label}</p>
                <p className="truncate text-slate-600">{calendar.addressHint}</p>
                <p className="text-slate-700">{fetchStatusLine(calendar, when)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button size="sm" variant="secondary" aria-label={`Read ${calendar.label} now`} disabled={refresh.isPending || calendar.pending} onClick={() => refresh.mutate(calendar.id)}>
                  <RefreshCw aria-hidden className="size-4" /> Read now
                </Button>
                <Button size="sm" variant="secondary" aria-label={`Remove ${calendar.label}`} disabled={remove.isPending} onClick={() => remove.mutate(calendar.id)}>
                  <Trash2 aria-hidden className="size-4" /> Remove
                </Button>
              </div>
            </div>
            {calendar.lastError && calendar.lastErrorAt ? (
              <Alert>
                <p className="font-medium">The last read failed ({when(calendar.lastErrorAt)}).</p>
                <p>{calendar.lastError}</p>
                {calendar.lastSuccessAt ? <p>The busy times of the last good read still apply.</p> : null}
              </Alert>
            ) : null}
          </li>
        ))}
      </ul>
      {remove.isError ? <Alert>{errorMessage(remove.error, "Failed to remove the calendar")}</Alert> : null}
      {refresh.isError ? <Alert>{errorMessage(refresh.error, "Failed to ask for a new read")}</Alert> : null}
    </>
  );
}

function AddCalendarForm() {
  const add = useAddBusyCalendar();
  const added = useFlash(6_000);
  const form = useForm<BusyCalendarInput, unknown, BusyCalendarData>({ resolver: zodResolver(busyCalendarInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    added.clear();
    add.mutate(values, {
      onSuccess: (calendar) => {
        form.reset(EMPTY);
        added.show(`${calendar.label} added. Its busy times apply within a minute.`);
      },
      onError: (error) => setServerErrors(error, form.setError, ["url", "label"]),
    });
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3 border-t border-slate-200 pt-4">
      <Field
        id="busy-url"
        label="Calendar address (iCal)"
        hint="Google Calendar: Settings → your calendar → Secret address in iCal format. Apple Calendar: Share Calendar → Public Calendar. Outlook: Settings → Shared calendars → Publish a calendar → ICS."
        error={errors.url?.message}
      >
        <Input id="busy-url" inputMode="url" autoComplete="off" placeholder="https://calendar.google.com/calendar/ical/…/basic.ics" {...invalidProps("busy-url", errors.url?.message)} {...form.register("url")} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field id="busy-label" label="Name (optional)" error={errors.label?.message}>
          <Input id="busy-label" placeholder="School" {...invalidProps("busy-label", errors.label?.message)} {...form.register("label")} />
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add Calendar"}
        </Button>
      </div>
      {added.message ? <Alert tone="success">{added.message}</Alert> : null}
      {add.isError ? <Alert>{errorMessage(add.error, "Failed to add the calendar")}</Alert> : null}
    </form>
  );
}
