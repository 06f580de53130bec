import ICAL from "ical.js";
import type { Interval } from "../../shared/booking/slots.rules";
import { instantFromLocal } from "../../shared/calendar/calendar-views.rules";
import { mergeIntervals } from "../../shared/calendar/busy-times.rules";

/**
 * Busy times of an iCalendar file (issue 46), read with ical.js (a well-kept RFC 5545 parser,
 * Mozilla's): every event that blocks the teacher, with its repetitions (RRULE, RDATE, EXDATE and
 * RECURRENCE-ID overrides) expanded over [from, to), as instants, merged where they overlap.
 *
 * Times are read the way calendar apps read them:
 * - "…Z" is UTC; a TZID with a VTIMEZONE in the file uses that definition (historical rules too);
 * - a TZID without a VTIMEZONE is taken as the IANA zone of that name when there is one;
 * - floating times (no zone) and all-day dates are the teacher's own wall clock, so an all-day
 *   event blocks the teacher's whole local day, and 21:00-01:00 crosses midnight as it says;
 * - wall times are turned into instants one by one (start and end alike), so a weekly 17:00
 *   stays 17:00 on both sides of a DST change.
 *
 * Free (TRANSP:TRANSPARENT, Outlook's X-MICROSOFT-CDO-BUSYSTATUS:FREE) and cancelled events do not
 * block, per occurrence: a cancelled override frees that one week only.
 */

export class CalendarReadError extends Error {
  override name = "CalendarReadError";
}

export interface ExpandOptions {
  from: Date;
  to: Date;
  /** The teacher's zone: floating times and all-day dates are read in it. */
  fallbackTimeZone: string;
  /** At most this many busy times are kept (the earliest); the rest are reported as left out. */
  maxIntervals?: number;
  /** The expansion gives up with a plain error past this instant (Date.now() ms). */
  deadline?: number;
}

export interface ExpandResult {
  intervals: Interval[];
  /** VEVENT components in the file. */
  events: number;
  /** Occurrences left out past maxIntervals or an event's repetition limit. */
  leftOut: number;
}

export const DEFAULT_MAX_INTERVALS = 20_000;
/** Repetitions walked per repeating event: a daily event since 1990 is about 13,000. */
const MAX_ITERATIONS_PER_EVENT = 40_000;
/** An override can move an occurrence by days: keep walking a little past the range. */
const OVERRIDE_REACH_MS = 31 * 86_400_000;

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;

export function busyIntervalsOf(text: string, options: ExpandOptions): ExpandResult {
  const root = parseCalendar(text);
  const from = options.from.getTime();
  const to = options.to.getTime();
  const max = options.maxIntervals ?? DEFAULT_MAX_INTERVALS;
  const reader = new TimeReader(options.fallbackTimeZone);
  const vevents = root.getAllSubcomponents("vevent");

  // Overrides belong to their master by UID (ical.js would otherwise relate every override of
  // the file to every repeating event).
  const masters: IcalComponent[] = [];
  const overrides = new Map<string, IcalComponent[]>();
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
    if (vevent.hasProperty("recurrence-id") && uid) {
      const list = overrides.get(uid) ?? [];
      list.push(vevent);
      overrides.set(uid, list);
    } else {
      masters.push(vevent);
    }
  }

  const intervals: Interval[] = [];
  let leftOut = 0;
  const add = (component: IcalComponent, start: IcalTime, end: IcalTime, startTzid: string | null, endTzid: string | null) => {
    if (!blocks(component)) return;
    const startsAt = reader.instant(start, startTzid);
    const endsAt = reader.instant(end, endTzid);
    if (!(endsAt > startsAt) || endsAt <= from || startsAt >= to) return;
    intervals.push({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) });
  };

  const related = new Set<IcalComponent>();
  for (const master of masters) {
    if (options.deadline && Date.now() > options.deadline) throw new CalendarReadError("The calendar has too many repeating events to read in time.");
    if (!master.hasProperty("dtstart")) continue;
    const uid = String(master.getFirstPropertyValue("uid") ?? "");
    const ownOverrides = (uid && overrides.get(uid)) || [];
    ownOverrides.forEach((o) => related.add(o));
    let event: InstanceType<typeof ICAL.Event>;
    try {
      event = new ICAL.Event(master, { exceptions: ownOverrides, strictExceptions: true });
    } catch {
      continue;
    }
    const startTzid = tzidOf(master, "dtstart");
    const endTzid = master.hasProperty("dtend") ? tzidOf(master, "dtend") : startTzid;
    if (!event.isRecurring()) {
      add(master, event.startDate, event.endDate, startTzid, endTzid);
      continue;
    }
    const iterator = event.iterator();
    for (let i = 0; ; i++) {
      if (i >= MAX_ITERATIONS_PER_EVENT) {
        leftOut++;
        break;
      }
      let occurrence: IcalTime | null;
      try {
        occurrence = iterator.next();
      } catch {
        // ical.js gives up on a rule it cannot fulfil ("max tries"): what came before stays.
        break;
      }
      if (!occurrence) break;
      if (reader.instant(occurrence, startTzid) >= to + OVERRIDE_REACH_MS) break;
      const details = event.getOccurrenceDetails(occurrence);
      const item = details.item.component;
      if (item === master) {
        // The end comes from the start plus the event's duration, in the start's zone.
        add(master, details.startDate, details.endDate, startTzid, startTzid);
      } else {
        add(item, details.startDate, details.endDate, tzidOf(item, "dtstart"), item.hasProperty("dtend") ? tzidOf(item, "dtend") : tzidOf(item, "dtstart"));
      }
    }
  }
  // Overrides whose series is not in the file (an export of a date range can cut it off) are
  // events of their own.
  for (const list of overrides.values()) {
    for (const override of list) {
      if (related.has(override) || !override.hasProperty("dtstart")) continue;
      const event = new ICAL.Event(override, { exceptions: [] });
      const startTzid = tzidOf(override, "dtstart");
      add(override, event.startDate, event.endDate, startTzid, override.hasProperty("dtend") ? tzidOf(override, "dtend") : startTzid);
    }
  }

  const merged = mergeIntervals(intervals);
  if (merged.length > max) leftOut += merged.length - max;
  return { intervals: merged.slice(0, max), events: vevents.length, leftOut };
}

function parseCalendar(text: string): IcalComponent {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(body)) {
    throw new CalendarReadError(
      /^<(!doctype|html)/i.test(body) ? "The address gave a web page, not a calendar." : "The address did not give a calendar (iCalendar text).",
    );
  }
  let parsed: unknown;
  try {
    parsed = ICAL.parse(body);
  } catch (error) {
    throw new CalendarReadError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Several VCALENDARs in one file come back as a list: the first is the calendar.
  const jcal = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
  const root = new ICAL.Component(jcal as unknown[]);
  if (root.name !== "vcalendar") throw new CalendarReadError("The address did not give a calendar (iCalendar text).");
  return root;
}

/** Whether an event (or one override of it) makes the teacher busy. */
function blocks(component: IcalComponent): boolean {
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  if (transp === "TRANSPARENT") return false;
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  if (status === "CANCELLED") return false;
  // Outlook's own free/busy word, which some of its exports carry without TRANSP.
  const outlook = String(component.getFirstPropertyValue("x-microsoft-cdo-busystatus") ?? "").toUpperCase();
  return outlook !== "FREE";
}

function tzidOf(component: IcalComponent, property: string): string | null {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" && value ? value : null;
}

/** Turns ical.js times into instants (ms), with each zone checked once. */
class TimeReader {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly fallbackZone: string) {}

  instant(time: IcalTime, tzid: string | null): number {
    const zone = time.zone;
    if (!time.isDate) {
      if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === "UTC") return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
      // A VTIMEZONE of the file: ical.js applies its observances.
      if (zone && zone !== ICAL.Timezone.localTimezone && zone.component) return time.toUnixTime() * 1000;
    }
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.isDate ? 0 : time.hour, time.isDate ? 0 : time.minute, time.isDate ? 0 : time.second);
    const ianaZone = !time.isDate && tzid ? this.iana(tzid) : null;
    return wallToInstant(wall, ianaZone ?? this.fallbackZone);
  }

  /** The IANA zone a TZID names, or null (Outlook's "Pacific Standard Time" without its VTIMEZONE). */
  private iana(tzid: string): string | null {
    if (!this.known.has(tzid)) {
      const name = tzid.replace(/^\/+/, "");
      let zone: string | null = null;
      try {
        zone = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
      } catch {
        zone = null;
      }
      this.known.set(tzid, zone);
    }
    return this.known.get(tzid)!;
  }
}

/** A wall time (ms read as UTC, normalised: day 32 is the 1st of the next month) in a zone, as an instant. */
function wallToInstant(wall: number, timeZone: string): number {
  const date = new Date(wall);
  const iso = date.toISOString();
  const minuteStart = instantFromLocal(iso.slice(0, 10), iso.slice(11, 16), timeZone).getTime();
  return minuteStart + date.getUTCSeconds() * 1000;
}
