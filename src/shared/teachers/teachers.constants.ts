export const INSTRUMENTS = {
  piano: "Piano",
  guitar: "Guitar",
  violin: "Violin",
  drums: "Drums",
  voice: "Voice",
  flute: "Flute",
  saxophone: "Saxophone",
  trumpet: "Trumpet",
  cello: "Cello",
  bass: "Bass",
  clarinet: "Clarinet",
  ukulele: "Ukulele",
} as const;
export type Instrument = keyof typeof INSTRUMENTS;
export const INSTRUMENT_KEYS = Object.keys(INSTRUMENTS) as Instrument[];

/** The shorter list of the search page's instrument dropdown (spec section 3). */
export const SEARCH_INSTRUMENTS: Instrument[] = [
  "piano",
  "guitar",
  "violin",
  "voice",
  "drums",
  "bass",
  "saxophone",
  "flute",
];

export const PROFICIENCY_LEVELS = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;

export const AGE_GROUPS = ["Kids 5-10", "Teens 11-17", "Adults", "All Ages"] as const;
export const TEACHING_METHODS = ["Suzuki", "Kodály", "Traditional", "Own Method"] as const;

/** Stored as the label; the order is the order of experience (used by the Experience sort). */
export const TEACHER_EXPERIENCE = ["Less than 1", "1-3", "3-5", "5+"] as const;

export const EDUCATION_BACKGROUNDS = ["Degree", "Conservatory", "Private", "Self-Taught"] as const;

export const LESSON_FORMATS = {
  in_person: "In-person only",
  online: "Online only",
  both: "Both",
} as const;
export type LessonFormat = keyof typeof LESSON_FORMATS;
export const LESSON_FORMAT_KEYS = Object.keys(LESSON_FORMATS) as LessonFormat[];

/** US states by two-letter code: where a teacher lives (the application and settings offer this list). */
export const US_STATES = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado",
  CT: "Connecticut", DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia",
  HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky",
  LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota",
  MS: "Mississippi", MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire",
  NJ: "New Jersey", NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota",
  OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island",
  SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah", VT: "Vermont",
  VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
} as const;
export type UsState = keyof typeof US_STATES;
export const US_STATE_CODES = Object.keys(US_STATES) as UsState[];
