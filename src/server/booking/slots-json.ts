import type { Slot } from "../../shared/booking/slots.rules";
import { isoInstant } from "./iso-instant";

/** A month of open slots before it is written: grouped by the viewer's day, instants as dates. */
export interface MonthSlots {
  teacherTimeZone: string;
  leadHours: number;
  bufferMinutes: number;
  days: Record<string, readonly Slot[]>;
}

/** Each format's JSON once (a handful of values: both, in_person, online). */
const formatJson = new Map<string, string>();

function jsonOfFormat(format: string): string {
  let json = formatJson.get(format);
  if (json === undefined) {
    json = JSON.stringify(format);
    if (formatJson.size < 100) formatJson.set(format, json);
  }
  return json;
}

/**
 * The month calendar's answer (SlotsResponse) as JSON text, written straight from the slots: the
 * text `JSON.stringify` gives for the same answer (slots-json.test.ts compares them), without
 * first building a thousand { startsAt, endsAt, format } objects for it to walk. A month of intro
 * calls is about a thousand slots and 92 KB, and under `npm run bench:slots` `JSON.stringify` of
 * it was a fifth of the server's time. Instants are ISO text without anything to escape; the zone,
 * the day keys and the formats go through `JSON.stringify`.
 */
export function slotsResponseJson(month: MonthSlots): string {
  // The two rules are small integers from the database (checked columns): written as numbers.
  let text = `{"teacherTimeZone":${JSON.stringify(month.teacherTimeZone)},"leadHours":${month.leadHours},"bufferMinutes":${month.bufferMinutes},"days":{`;
  let firstDay = true;
  for (const [day, slots] of Object.entries(month.days)) {
    text += `${firstDay ? "" : ","}${JSON.stringify(day)}:[`;
    firstDay = false;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      text += `${i === 0 ? "" : ","}{"startsAt":"${isoInstant(slot.startsAt)}","endsAt":"${isoInstant(slot.endsAt)}","format":${jsonOfFormat(slot.format)}}`;
    }
    text += "]";
  }
  return `${text}}}`;
}
