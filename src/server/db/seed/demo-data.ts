// Deterministic demo data: hand-written tables plus a small generator driven by a seeded PRNG.
// Everything here is pure (no database, no clock, no Math.random), so every fresh install shows
// the same marketplace and `buildDemoTeachers()` can be unit-tested for its invariants.
import {
  AGE_GROUPS,
  INSTRUMENTS,
  type EDUCATION_BACKGROUNDS,
  type Instrument,
  type LessonFormat,
  type PROFICIENCY_LEVELS,
  type TEACHER_EXPERIENCE,
  type TEACHING_METHODS,
} from "../../../shared/teachers/teachers.constants";
import {
  AVAILABILITY_TEMPLATES,
  BAND_INSTRUMENTS,
  DEMO_CITIES,
  KODALY_INSTRUMENTS,
  PRIMARY_INSTRUMENT_COUNTS,
  SECOND_INSTRUMENT,
  SUZUKI_INSTRUMENTS,
  TEACHER_NAMES,
} from "./demo-tables";

type AgeGroup = (typeof AGE_GROUPS)[number];
type TeachingMethod = (typeof TEACHING_METHODS)[number];
type Experience = (typeof TEACHER_EXPERIENCE)[number];
type Education = (typeof EDUCATION_BACKGROUNDS)[number];
type Proficiency = (typeof PROFICIENCY_LEVELS)[number];

// ---------------------------------------------------------------------------------------------
// Output shape
// ---------------------------------------------------------------------------------------------

export interface DemoAvailability {
  dayOfWeek: number;
  /** "HH:MM:SS" in the teacher's zone. */
  startTime: string;
  endTime: string;
  format: LessonFormat;
}

export interface DemoTeacher {
  firstName: string;
  lastName: string;
  /** Sign-in email and the profile's contact email. */
  email: string;
  phone: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  bio: string;
  teachingStyleDescription: string;
  educationBackground: Education;
  teachingExperienceYears: Experience;
  ageGroupsTaught: AgeGroup[];
  teachingMethods: TeachingMethod[];
  lessonFormat: LessonFormat;
  platformExperience: string;
  videoConferenceExperience: boolean;
  hasTransportation: boolean;
  hourlyRateMin: number;
  hourlyRateMax: number;
  instruments: Array<{ instrument: Instrument; yearsTeaching: number; proficiencyLevel: Proficiency }>;
  availability: DemoAvailability[];
}

// ---------------------------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------------------------

/** mulberry32: tiny, fast and good enough for demo data; the fixed seed makes every run identical. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function weighted<T>(random: Random, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** "Rosa Hernández" → "rosa.hernandez"; apostrophes, hyphens and accents dropped. */
export function emailLocalPart(first: string, last: string): string {
  const clean = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z]/g, "");
  return `${clean(first)}.${clean(last)}`;
}

function toTime(minutes: number): string {
  const h = String(Math.floor(minutes / 60)).padStart(2, "0");
  const m = String(minutes % 60).padStart(2, "0");
  return `${h}:${m}:00`;
}

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

const label = (instrument: Instrument) => INSTRUMENTS[instrument].toLowerCase();

function instrumentList(instruments: readonly Instrument[]): string {
  return instruments.map(label).join(" and ");
}

// One line per instrument on what its lessons cover, so bios read like the teacher wrote them.
const INSTRUMENT_LINES: Record<Instrument, string> = {
  piano: "Lessons balance technique, reading and pieces students actually want to play, from Bach to film scores.",
  guitar: "Lessons go from first chords and strumming patterns to fingerstyle, reading tab and improvising.",
  violin: "Lessons build a relaxed bow arm and clean intonation, with repertoire from folk fiddle tunes to Vivaldi.",
  drums: "Lessons cover groove, rudiments and reading, and students play along to real songs from the first week.",
  voice: "Lessons focus on healthy breathing, range and confidence, across musical theater, pop and classical songs.",
  flute: "Lessons develop a full, steady tone and solid breath support, with études and well-loved repertoire.",
  saxophone: "Lessons cover tone, scales and articulation, plus jazz standards and improvising over chord changes.",
  trumpet: "Lessons build endurance, range and a clear sound, preparing students for school band, jazz or solo playing.",
  cello: "Lessons start with posture and a singing tone and grow into orchestral parts and solo pieces.",
  bass: "Lessons on electric and upright bass focus on time, groove, walking lines and reading charts.",
  clarinet: "Lessons work on tone, smooth register changes and reading, for concert band, chamber music or jazz.",
  ukulele: "Lessons get students strumming real songs right away, then add fingerpicking, chord melody and singing along.",
};

const EDUCATION_LINES: Record<Education, readonly ((first: string) => string)[]> = {
  Degree: [
    (f) => `${f} holds a degree in music and performs regularly around town.`,
    (f) => `${f} studied music at university and has played in ensembles of every size since.`,
  ],
  Conservatory: [
    (f) => `${f} trained at a conservatory and still performs in recitals and chamber concerts.`,
    (f) => `A conservatory graduate, ${f} combines a performer's ear with a teacher's patience.`,
  ],
  Private: [
    (f) => `${f} studied privately for many years with respected teachers before starting to teach.`,
    (f) => `${f} learned through years of private lessons and now passes on what good teachers gave.`,
  ],
  "Self-Taught": [
    (f) => `Largely self-taught, ${f} spent years playing live before turning to teaching.`,
    (f) => `${f} learned by ear, on stage and in studios, and knows how to make practice stick.`,
  ],
};

const METHOD_LINES: Record<TeachingMethod, string> = {
  Suzuki:
    "Follows the Suzuki approach: daily listening, learning by ear before reading, and parents taking part in home practice.",
  Kodály: "Draws on Kodály: singing, solfège and rhythm games build a strong ear before notation is introduced.",
  Traditional:
    "A structured, traditional path: technique and scales, sight-reading and graded repertoire, with a clear goal each week.",
  "Own Method": "A personal method built around the music each student loves, mixing technique with songs chosen together.",
};

const CLOSING_LINES: readonly string[] = [
  "Every lesson ends with a short, specific practice plan for the week.",
  "Students get regular chances to perform, from informal studio classes to recitals.",
  "Progress is talked through with parents every few weeks, so nobody is guessing.",
  "Mistakes are treated as information, never as failure.",
  "Theory is taught at the instrument, in the music being played, never as dry homework.",
];

function audienceSentence(first: string, groups: readonly AgeGroup[]): string {
  if (groups.includes("All Ages")) return "Students of every age are welcome, from young beginners to returning adults.";
  const words = groups.map((g) => (g === "Kids 5-10" ? "children" : g === "Teens 11-17" ? "teenagers" : "adults"));
  if (words.length === 1 && words[0] === "children") return `${first} specialises in young beginners aged 5 to 10.`;
  if (words.length === 1 && words[0] === "adults") return `${first} works with adult students, whether starting out or coming back.`;
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]!}`;
  return `${first} teaches ${list}, and paces every lesson to the student.`;
}

function formatSentence(first: string, city: string, format: LessonFormat, travels: boolean): string {
  if (format === "online") return "All lessons are online, with a camera setup that shows hands and posture clearly.";
  if (format === "in_person") {
    return travels
      ? `Lessons are in person, at ${first}'s ${city} studio or at your home.`
      : `Lessons are in person at ${first}'s ${city} studio.`;
  }
  return `Lessons are in person in ${city} or online, whichever suits your week.`;
}

function yearsSentence(first: string, instruments: readonly Instrument[], city: string, years: number): string {
  if (years === 0) return `${first} recently started teaching ${instrumentList(instruments)} in ${city}.`;
  return `${first} has taught ${instrumentList(instruments)} in ${city} for ${years} ${years === 1 ? "year" : "years"}.`;
}

const EXPERIENCE_WEIGHTS: ReadonlyArray<readonly [Experience, number]> = [
  ["5+", 45],
  ["3-5", 25],
  ["1-3", 20],
  ["Less than 1", 10],
];

const YEARS_FOR: Record<Experience, readonly [number, number]> = {
  "Less than 1": [0, 0],
  "1-3": [1, 3],
  "3-5": [3, 5],
  "5+": [6, 28],
};

// Rates grow with experience; the spread above the minimum is what longer or travel lessons cost.
const RATE_MIN_FOR: Record<Experience, readonly [number, number]> = {
  "Less than 1": [35, 45],
  "1-3": [40, 55],
  "3-5": [50, 70],
  "5+": [60, 95],
};

const DEMO_SEED = 20_240_601;

/** The generated teachers (Taylor Morgan not included), identical on every call. */
export function buildDemoTeachers(): DemoTeacher[] {
  const random = seededRandom(DEMO_SEED);
  const primaries = shuffled(
    random,
    (Object.entries(PRIMARY_INSTRUMENT_COUNTS) as Array<[Instrument, number]>).flatMap(([instrument, count]) =>
      Array.from({ length: count }, () => instrument),
    ),
  );
  if (primaries.length !== TEACHER_NAMES.length) {
    throw new Error("PRIMARY_INSTRUMENT_COUNTS must add up to TEACHER_NAMES.length");
  }

  return TEACHER_NAMES.map(([firstName, lastName], index) => {
    const primary = primaries[index]!;
    // Round-robin over the cities (offset so New York is not over-represented next to Taylor).
    const place = DEMO_CITIES[(index + 1) % DEMO_CITIES.length]!;

    const instruments: Instrument[] = [primary];
    if (random() < 0.35) instruments.push(pick(random, SECOND_INSTRUMENT[primary]));

    const experience = weighted(random, EXPERIENCE_WEIGHTS);
    const [minYears, maxYears] = YEARS_FOR[experience];
    const years = intBetween(random, minYears, maxYears);

    const education = weighted<Education>(
      random,
      BAND_INSTRUMENTS.has(primary)
        ? [["Degree", 25], ["Conservatory", 5], ["Private", 35], ["Self-Taught", 35]]
        : [["Degree", 35], ["Conservatory", 35], ["Private", 25], ["Self-Taught", 5]],
    );

    const methodChoices: Array<readonly [TeachingMethod, number]> = [
      ["Traditional", 4],
      ["Own Method", 3],
    ];
    if (SUZUKI_INSTRUMENTS.has(primary)) methodChoices.push(["Suzuki", 3]);
    if (KODALY_INSTRUMENTS.has(primary)) methodChoices.push(["Kodály", 2]);
    const firstMethod = weighted(random, methodChoices);
    const methods: TeachingMethod[] = [firstMethod];
    if (random() < 0.4) {
      const second = weighted(
        random,
        methodChoices.filter(([m]) => m !== firstMethod),
      );
      methods.push(second);
    }

    let ageGroups: AgeGroup[];
    if (random() < 0.25) {
      ageGroups = ["All Ages"];
    } else {
      ageGroups = AGE_GROUPS.filter((g) => g !== "All Ages" && random() < 0.6);
      if (ageGroups.length === 0) ageGroups = [pick(random, ["Kids 5-10", "Teens 11-17", "Adults"] as const)];
    }
    // Suzuki starts young: a Suzuki teacher who does not take children would be odd.
    if (methods.includes("Suzuki") && !ageGroups.includes("Kids 5-10") && !ageGroups.includes("All Ages")) {
      ageGroups = ["Kids 5-10", ...ageGroups];
    }

    const lessonFormat = weighted<LessonFormat>(random, [
      ["both", 55],
      ["in_person", 25],
      ["online", 20],
    ]);
    const teachesOnline = lessonFormat !== "in_person";
    const hasTransportation = lessonFormat !== "online" && random() < 0.4;

    const [rateLow, rateHigh] = RATE_MIN_FOR[experience];
    const hourlyRateMin = 5 * intBetween(random, rateLow / 5, rateHigh / 5);
    const hourlyRateMax = Math.min(120, hourlyRateMin + 5 * intBetween(random, 2, 7));

    const availability = buildAvailability(random, lessonFormat);

    const educationLine = pick(random, EDUCATION_LINES[education])(firstName);
    const bioTemplates = [
      () =>
        `${yearsSentence(firstName, instruments, place.city, years)} ${educationLine} ${INSTRUMENT_LINES[primary]} ${audienceSentence(firstName, ageGroups)}`,
      () =>
        `${educationLine} ${yearsSentence(firstName, instruments, place.city, years)} ${audienceSentence(firstName, ageGroups)} ${INSTRUMENT_LINES[primary]}`,
      () =>
        `${INSTRUMENT_LINES[primary]} ${yearsSentence(firstName, instruments, place.city, years)} ${educationLine}`,
    ];
    const bio = bioTemplates[index % bioTemplates.length]!();

    const styleParts = [METHOD_LINES[firstMethod]];
    if (methods[1]) styleParts.push(`${firstName} also brings in ideas from ${methods[1] === "Own Method" ? "a method of their own" : `the ${methods[1]} approach`} where they help.`);
    styleParts.push(formatSentence(firstName, place.city, lessonFormat, hasTransportation));
    styleParts.push(pick(random, CLOSING_LINES));

    const primaryProficiency: Proficiency = years >= 10 || (education === "Conservatory" && years >= 5) ? "Expert" : "Advanced";

    return {
      firstName,
      lastName,
      email: `${emailLocalPart(firstName, lastName)}@teachers.demo.test`,
      // 555-0100…0199 is the range reserved for fictional numbers; 0100 belongs to Taylor.
      phone: `(${place.areaCode}) 555-01${String(index + 1).padStart(2, "0")}`,
      city: place.city,
      state: place.state,
      latitude: place.latitude,
      longitude: place.longitude,
      timeZone: place.timeZone,
      bio,
      teachingStyleDescription: styleParts.join(" "),
      educationBackground: education,
      teachingExperienceYears: experience,
      ageGroupsTaught: ageGroups,
      teachingMethods: methods,
      lessonFormat,
      platformExperience: teachesOnline ? pick(random, ["Zoom", "Zoom, Google Meet", "Zoom, Skype", "Google Meet, FaceTime"]) : "",
      videoConferenceExperience: teachesOnline,
      hasTransportation,
      hourlyRateMin,
      hourlyRateMax,
      instruments: instruments.map((instrument, i) => ({
        instrument,
        // The second instrument came later in a career, so it has fewer teaching years.
        yearsTeaching: i === 0 ? years : Math.floor(years * 0.6),
        proficiencyLevel: i === 0 ? primaryProficiency : "Advanced",
      })),
      availability,
    } satisfies DemoTeacher;
  });
}

function buildAvailability(random: Random, lessonFormat: LessonFormat): DemoAvailability[] {
  const template = pick(random, AVAILABILITY_TEMPLATES);
  const shift = pick(random, [0, 30, 60]);
  const rows: DemoAvailability[] = [];
  for (const [days, start, end] of template) {
    const startMinutes = toMinutes(start) + shift;
    const endMinutes = toMinutes(end) + shift;
    for (const dayOfWeek of days) {
      // Teachers who do both often keep late evenings for online lessons only.
      const format: LessonFormat = lessonFormat === "both" && startMinutes >= 18 * 60 ? "online" : lessonFormat;
      rows.push({ dayOfWeek, startTime: toTime(startMinutes), endTime: toTime(endMinutes), format });
    }
  }
  return rows.sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
}
