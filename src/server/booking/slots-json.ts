import type { SlotTimes } from "../../shared/booking/slots.rules";

/** A month of open slots before it is written: the slots as numbers, grouped by the viewer's day. */
export interface MonthSlots {
  teacherTimeZone: string;
  leadHours: number;
  bufferMinutes: number;
  times: SlotTimes;
  /** The viewer's local dates ("yyyy-MM-dd") with the positions of their slots in `times`. */
  days: ReadonlyMap<string, readonly number[]>;
}

const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;
/** Days (since 1970) of the years 1000-9999: four digits, no sign in the ISO form. */
const FIRST_DAY = Date.UTC(1000, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(10000, 0, 1) / DAY_MS - 1;
/** The longest ISO form of an instant: "+275760-09-13T00:00:00.000Z". */
const LONGEST_ISO = 27;
const SLOT_OPEN = '{"startsAt":"';
const SLOT_MIDDLE = '","endsAt":"';
const SLOT_FORMAT = '","format":';

/**
 * The month calendar's answer (SlotsResponse) as JSON bytes, written straight from the numbers:
 * the text `JSON.stringify` gives for the same answer (slots-json.test.ts compares them). A month
 * of intro calls is about a thousand slots and 92 KB. Written into one buffer, outside V8's heap,
 * with no string per instant or per slot: under `npm run bench:slots` the young-generation
 * collections of those strings and of the slot objects they came from were the largest share of
 * the server's time (issue 46). The zone, the day keys and the formats go through
 * `JSON.stringify`; instants are ISO text with nothing to escape.
 */
export function slotsResponseJson(month: MonthSlots): Buffer<ArrayBuffer> {
  const { starts, formats, lengthMs } = month.times;
  // Each format's JSON as bytes, once (a handful of values: both, in_person, online).
  const formatJson = new Map<string, Buffer>();
  for (const format of formats) if (!formatJson.has(format)) formatJson.set(format, Buffer.from(JSON.stringify(format), "utf8"));
  const head = `{"teacherTimeZone":${JSON.stringify(month.teacherTimeZone)},"leadHours":${month.leadHours},"bufferMinutes":${month.bufferMinutes},"days":{`;
  // An upper bound of the length: every slot's fixed text, the longest instants, its format.
  let size = byteLength(head) + 2;
  for (const [day, positions] of month.days) {
    size += byteLength(JSON.stringify(day)) + 4;
    for (const i of positions) {
      size += SLOT_OPEN.length + SLOT_MIDDLE.length + SLOT_FORMAT.length + 2 + 2 * LONGEST_ISO + formatJson.get(formats[i]!)!.length;
    }
  }
  const out = Buffer.allocUnsafe(size);
  let at = out.write(head, 0, "utf8");
  let firstDay = true;
  for (const [day, positions] of month.days) {
    if (!firstDay) out[at++] = 0x2c; // ,
    firstDay = false;
    at += out.write(JSON.stringify(day), at, "utf8");
    out[at++] = 0x3a; // :
    out[at++] = 0x5b; // [
    for (let p = 0; p < positions.length; p++) {
      const i = positions[p]!;
      if (p > 0) out[at++] = 0x2c;
      at = ascii(out, at, SLOT_OPEN);
      at = isoInstant(out, at, starts[i]!);
      at = ascii(out, at, SLOT_MIDDLE);
      at = isoInstant(out, at, starts[i]! + lengthMs);
      at = ascii(out, at, SLOT_FORMAT);
      const format = formatJson.get(formats[i]!)!;
      for (let k = 0; k < format.length; k++) out[at++] = format[k]!;
      out[at++] = 0x7d; // }
    }
    out[at++] = 0x5d; // ]
  }
  out[at++] = 0x7d;
  out[at++] = 0x7d;
  return out.subarray(0, at);
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Writes ASCII text byte by byte (short constant pieces: cheaper than a call into Buffer.write). */
function ascii(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

/** "HH:mm:00.000Z" of every minute of a day, as bytes: the end of a whole-minute instant's ISO form. */
const TAIL_LENGTH = 13;
const TAILS = Buffer.from(
  Array.from({ length: 24 * 60 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}:00.000Z`).join(""),
  "latin1",
);
/** "yyyy-MM-ddT" of the last day written: slots come day by day, so one date a day, not one per instant. */
const DAY_PREFIX_LENGTH = 11;
const dayPrefix = Buffer.alloc(DAY_PREFIX_LENGTH);
let prefixDay = NaN;

/**
 * `new Date(time).toISOString()` written as bytes: from a day prefix and a minute table for a
 * whole minute of a four-digit year (every slot), through `toISOString` otherwise.
 */
function isoInstant(out: Buffer, at: number, time: number): number {
  const day = Math.floor(time / DAY_MS);
  const inDay = time - day * DAY_MS;
  if (inDay % MINUTE_MS !== 0 || day < FIRST_DAY || day > LAST_DAY) return at + out.write(new Date(time).toISOString(), at, "latin1");
  if (day !== prefixDay) {
    dayPrefix.write(new Date(day * DAY_MS).toISOString().slice(0, DAY_PREFIX_LENGTH), 0, "latin1");
    prefixDay = day;
  }
  for (let k = 0; k < DAY_PREFIX_LENGTH; k++) out[at++] = dayPrefix[k]!;
  const tail = (inDay / MINUTE_MS) * TAIL_LENGTH;
  for (let k = 0; k < TAIL_LENGTH; k++) out[at++] = TAILS[tail + k]!;
  return at;
}
