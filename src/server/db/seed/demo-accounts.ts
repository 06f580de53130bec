// The two demo accounts anyone can sign in with (demo-seed.ts creates them with the marketplace).
import { ENROLLMENT_GOALS } from "../../../shared/accounts/accounts.constants";
import type { DIFFICULTIES, GENRES, LEARNING_STYLES } from "../../../shared/students/students.constants";
import type { DemoTeacher } from "./demo-data";
import { DEMO_CITIES } from "./demo-tables";

export const DEMO_PARENT_EMAIL = "parent@demo.test";
export const DEMO_TEACHER_EMAIL = "teacher@demo.test";

// ---------------------------------------------------------------------------------------------
// The demo accounts
// ---------------------------------------------------------------------------------------------

const NEW_YORK = DEMO_CITIES[0]!;

/** teacher@demo.test: predictable on purpose (every day 09:00-17:00) so booking demos always find slots. */
export const DEMO_TEACHER: DemoTeacher = {
  firstName: "Taylor",
  lastName: "Morgan",
  email: DEMO_TEACHER_EMAIL,
  phone: "(212) 555-0100",
  city: NEW_YORK.city,
  state: NEW_YORK.state,
  latitude: NEW_YORK.latitude,
  longitude: NEW_YORK.longitude,
  timeZone: NEW_YORK.timeZone,
  bio:
    "Taylor has taught piano in New York for 12 years. Taylor trained at a conservatory and still gives " +
    "chamber recitals around the city. Lessons balance technique, reading and pieces students actually want " +
    "to play, from Bach to film scores, and beginners of every age are welcome.",
  teachingStyleDescription:
    "A structured, traditional path: technique and scales, sight-reading and graded repertoire, with a clear " +
    "goal each week, plus a personal touch: every student also picks one piece just for fun. Lessons are in " +
    "person in Manhattan or online, whichever suits your week.",
  educationBackground: "Conservatory",
  teachingExperienceYears: "5+",
  ageGroupsTaught: ["All Ages"],
  teachingMethods: ["Traditional", "Own Method"],
  lessonFormat: "both",
  platformExperience: "Zoom, Google Meet",
  videoConferenceExperience: true,
  hasTransportation: false,
  hourlyRateMin: 60,
  hourlyRateMax: 90,
  instruments: [{ instrument: "piano", yearsTeaching: 12, proficiencyLevel: "Expert" }],
  availability: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    startTime: "09:00:00",
    endTime: "17:00:00",
    format: "both" as const,
  })),
};

type Genre = (typeof GENRES)[number];
type Difficulty = (typeof DIFFICULTIES)[number];
type LearningStyle = keyof typeof LEARNING_STYLES;

export interface DemoStudent {
  firstName: string;
  lastName: string;
  age: number;
  interests: string[];
  learningGoals: string[];
  preferredStyle: LearningStyle;
  achievements: string[];
  strengths: string[];
  areasForImprovement: string[];
  /** Pieces finished; dates are relative to the seed day so they always lie in the recent past. */
  repertoire: Array<{ title: string; composer: string; genre: Genre; difficulty: Difficulty; daysAgo: number }>;
}

export const DEMO_PARENT = {
  email: DEMO_PARENT_EMAIL,
  firstName: "Jordan",
  lastName: "Rivera",
  phone: "(718) 555-0199",
  location: "Brooklyn, NY",
  relationshipToChild: "mother",
  multipleChildren: true,
  enrollmentGoals: [ENROLLMENT_GOALS[0], ENROLLMENT_GOALS[3]] as string[],
  priorExperience: true,
  experienceYears: "1-3",
  preferredCommunication: "email",
  students: [
    {
      firstName: "Mia",
      lastName: "Rivera",
      age: 9,
      interests: ["Classical", "Pop"],
      learningGoals: ["Read music fluently", "Play at the spring recital"],
      preferredStyle: "visual",
      achievements: [],
      strengths: ["Good sense of rhythm"],
      areasForImprovement: ["Left-hand independence"],
      repertoire: [
        { title: "Minuet in G major", composer: "Christian Petzold", genre: "Classical", difficulty: "Beginner", daysAgo: 75 },
        { title: "Let It Go", composer: "Kristen Anderson-Lopez & Robert Lopez", genre: "Pop", difficulty: "Beginner", daysAgo: 21 },
      ],
    },
    {
      firstName: "Leo",
      lastName: "Rivera",
      age: 12,
      interests: ["Rock", "Jazz"],
      learningGoals: ["Play in a band with friends"],
      preferredStyle: "kinesthetic",
      achievements: [],
      strengths: ["Learns songs quickly by ear"],
      areasForImprovement: ["Reading rhythms"],
      repertoire: [
        { title: "Smoke on the Water", composer: "Deep Purple", genre: "Rock", difficulty: "Beginner", daysAgo: 60 },
        { title: "Blue Bossa", composer: "Kenny Dorham", genre: "Jazz", difficulty: "Intermediate", daysAgo: 14 },
      ],
    },
  ] satisfies DemoStudent[],
};
