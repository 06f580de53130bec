// The hand-written tables of the demo marketplace (demo-data.ts generates the teachers from them).
import type { Instrument } from "../../../shared/teachers/teachers.constants";

// ---------------------------------------------------------------------------------------------
// Cities. Coordinates are the city centres (so distance search gives believable results), the
// zone is the city's IANA zone (availability is stored in the teacher's zone), and the area code
// makes the fictional 555-01xx phone numbers look local.
// ---------------------------------------------------------------------------------------------

export interface DemoCity {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  areaCode: string;
}

export const DEMO_CITIES: readonly DemoCity[] = [
  { city: "New York", state: "NY", latitude: 40.7128, longitude: -74.006, timeZone: "America/New_York", areaCode: "212" },
  { city: "Brooklyn", state: "NY", latitude: 40.6782, longitude: -73.9442, timeZone: "America/New_York", areaCode: "718" },
  { city: "Los Angeles", state: "CA", latitude: 34.0522, longitude: -118.2437, timeZone: "America/Los_Angeles", areaCode: "213" },
  { city: "San Francisco", state: "CA", latitude: 37.7749, longitude: -122.4194, timeZone: "America/Los_Angeles", areaCode: "415" },
  { city: "San Diego", state: "CA", latitude: 32.7157, longitude: -117.1611, timeZone: "America/Los_Angeles", areaCode: "619" },
  { city: "Chicago", state: "IL", latitude: 41.8781, longitude: -87.6298, timeZone: "America/Chicago", areaCode: "312" },
  { city: "Houston", state: "TX", latitude: 29.7604, longitude: -95.3698, timeZone: "America/Chicago", areaCode: "713" },
  { city: "Austin", state: "TX", latitude: 30.2672, longitude: -97.7431, timeZone: "America/Chicago", areaCode: "512" },
  { city: "Seattle", state: "WA", latitude: 47.6062, longitude: -122.3321, timeZone: "America/Los_Angeles", areaCode: "206" },
  { city: "Portland", state: "OR", latitude: 45.5152, longitude: -122.6784, timeZone: "America/Los_Angeles", areaCode: "503" },
  { city: "Boston", state: "MA", latitude: 42.3601, longitude: -71.0589, timeZone: "America/New_York", areaCode: "617" },
  { city: "Denver", state: "CO", latitude: 39.7392, longitude: -104.9903, timeZone: "America/Denver", areaCode: "303" },
  { city: "Atlanta", state: "GA", latitude: 33.749, longitude: -84.388, timeZone: "America/New_York", areaCode: "404" },
  { city: "Miami", state: "FL", latitude: 25.7617, longitude: -80.1918, timeZone: "America/New_York", areaCode: "305" },
  { city: "Nashville", state: "TN", latitude: 36.1627, longitude: -86.7816, timeZone: "America/Chicago", areaCode: "615" },
  { city: "Philadelphia", state: "PA", latitude: 39.9526, longitude: -75.1652, timeZone: "America/New_York", areaCode: "215" },
  { city: "Minneapolis", state: "MN", latitude: 44.9778, longitude: -93.265, timeZone: "America/Chicago", areaCode: "612" },
  // Phoenix does not observe daylight saving time, hence its own zone.
  { city: "Phoenix", state: "AZ", latitude: 33.4484, longitude: -112.074, timeZone: "America/Phoenix", areaCode: "602" },
  { city: "New Orleans", state: "LA", latitude: 29.9511, longitude: -90.0715, timeZone: "America/Chicago", areaCode: "504" },
];

// ---------------------------------------------------------------------------------------------
// Teachers' names (one generated teacher per entry). Unique pairs, so the derived
// firstname.lastname emails are unique too.
// ---------------------------------------------------------------------------------------------

export const TEACHER_NAMES: ReadonlyArray<readonly [first: string, last: string]> = [
  ["Aisha", "Johnson"], ["Carlos", "Mendoza"], ["Mei", "Chen"], ["David", "Goldberg"],
  ["Priya", "Patel"], ["Marcus", "Williams"], ["Sofia", "Rossi"], ["Hiroshi", "Tanaka"],
  ["Fatima", "Al-Sayed"], ["James", "O'Connor"], ["Elena", "Petrova"], ["Kwame", "Mensah"],
  ["Isabella", "Garcia"], ["Nathan", "Brooks"], ["Amara", "Okafor"], ["Lucas", "Silva"],
  ["Hannah", "Schmidt"], ["Jin-woo", "Park"], ["Grace", "Thompson"], ["Omar", "Haddad"],
  ["Chloé", "Dubois"], ["Daniel", "Kim"], ["Rosa", "Hernández"], ["Ethan", "Walker"],
  ["Leila", "Rahimi"], ["Samuel", "Adeyemi"], ["Olivia", "Bennett"], ["Mateo", "Ramírez"],
  ["Yuki", "Nakamura"], ["Benjamin", "Cohen"], ["Anjali", "Singh"], ["Tyrone", "Jackson"],
  ["Ingrid", "Larsen"], ["Diego", "Morales"], ["Naomi", "Friedman"], ["Andre", "Baptiste"],
  ["Camila", "Torres"], ["Wei", "Zhang"], ["Sarah", "Mitchell"], ["Kofi", "Asante"],
  ["Emily", "Nguyen"], ["Rafael", "Costa"], ["Maya", "Robinson"], ["Viktor", "Novak"],
  ["Zoe", "Anderson"], ["Ahmed", "Khan"], ["Lucía", "Fernández"], ["Malik", "Harris"],
  ["Keiko", "Yamamoto"], ["Patrick", "Sullivan"], ["Nadia", "Popescu"], ["Jamal", "Carter"],
  ["Ana", "Oliveira"], ["Henry", "Foster"], ["Thandiwe", "Dlamini"], ["Gabriel", "Ortiz"],
  ["Rachel", "Levine"], ["Arjun", "Mehta"], ["Claire", "Fitzgerald"], ["Tomás", "Reyes"],
  ["Layla", "Hassan"], ["Connor", "Murphy"], ["Min-ji", "Lee"],
];

// How many generated teachers play each instrument as their main one. The demo marketplace
// mirrors a real one (lots of piano and guitar, fewer trumpets) while every instrument is covered.
// The counts add up to TEACHER_NAMES.length.
export const PRIMARY_INSTRUMENT_COUNTS: Record<Instrument, number> = {
  piano: 10,
  guitar: 9,
  voice: 7,
  violin: 6,
  drums: 5,
  bass: 4,
  saxophone: 4,
  flute: 4,
  cello: 4,
  ukulele: 4,
  trumpet: 3,
  clarinet: 3,
};

// Second instruments teachers commonly offer alongside their main one.
export const SECOND_INSTRUMENT: Record<Instrument, readonly Instrument[]> = {
  piano: ["voice"],
  guitar: ["ukulele", "bass"],
  violin: ["cello", "piano"],
  drums: ["piano"],
  voice: ["piano", "guitar"],
  flute: ["clarinet", "saxophone"],
  saxophone: ["clarinet", "flute"],
  trumpet: ["piano"],
  cello: ["piano", "violin"],
  bass: ["guitar"],
  clarinet: ["saxophone", "flute"],
  ukulele: ["guitar", "voice"],
};

// Suzuki and Kodály are only offered where those methods actually have programmes.
export const SUZUKI_INSTRUMENTS: ReadonlySet<Instrument> = new Set(["piano", "violin", "cello", "flute", "guitar"]);
export const KODALY_INSTRUMENTS: ReadonlySet<Instrument> = new Set(["voice", "piano"]);
// Instruments where many fine teachers came up through bands rather than schools.
export const BAND_INSTRUMENTS: ReadonlySet<Instrument> = new Set(["guitar", "drums", "bass", "ukulele"]);

// ---------------------------------------------------------------------------------------------
// Weekly availability templates: [days (0 = Sunday … 6 = Saturday), start, end]. Windows on one day
// never overlap inside a template; the generator shifts a whole template by 0-60 minutes, which
// keeps them apart and still ends before 22:30.
// ---------------------------------------------------------------------------------------------

export type Window = readonly [days: readonly number[], start: string, end: string];

export const AVAILABILITY_TEMPLATES: ReadonlyArray<readonly Window[]> = [
  // After school on weekdays, Saturday morning.
  [[[1, 2, 3, 4, 5], "15:00", "19:00"], [[6], "09:00", "13:00"]],
  // Split days with a lunch break.
  [[[1, 3, 5], "09:00", "12:00"], [[1, 3, 5], "14:00", "18:00"], [[6], "10:00", "14:00"]],
  // Evenings, Sunday afternoon.
  [[[1, 2, 3, 4], "17:00", "21:00"], [[0], "13:00", "17:00"]],
  // Weekend-heavy.
  [[[2, 4], "16:00", "20:00"], [[6], "09:00", "17:00"], [[0], "10:00", "15:00"]],
  // Early mornings, two late evenings.
  [[[2, 3, 4, 5, 6], "08:00", "11:30"], [[2, 4], "18:00", "21:00"]],
  // Long teaching days.
  [[[1, 2, 4], "10:00", "18:00"], [[6], "09:00", "12:00"], [[6], "13:00", "16:00"]],
  // Part-time.
  [[[3], "15:00", "20:00"], [[5], "14:00", "19:00"], [[6], "10:00", "16:00"]],
  // Middays and after school.
  [[[1, 2, 3, 4, 5], "11:00", "14:00"], [[1, 2, 3, 4, 5], "16:00", "19:30"]],
];
