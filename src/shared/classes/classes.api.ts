import { z } from "zod";
import { CLASS_STATUSES, type ClassStatus } from "./classes.constants";
import type { ClassPracticeXpDTO } from "../practice/practice.api";
import type { Achievement, ProgressMetrics } from "./classes.schemas";

/**
 * Request schemas and response shapes of /api/classes that are not forms: the list query, file
 * uploads and the JSON the routes answer. The web client reads these types; the routes build them.
 */

export const CLASS_NOT_FOUND_MESSAGE = "Class not found";
export const GRADE_NOT_FOUND_MESSAGE = "Grade not found";
export const FILE_NOT_FOUND_MESSAGE = "File not found";
export const JOIN_CODE_NOT_FOUND_MESSAGE = "No active class has that code. Check the code with your teacher.";
export const CLASS_TAKEN_MESSAGE = "This class already has a student.";
export const TEACHER_ONLY_MESSAGE = "Only the class's teacher can do this.";
export const PARENT_ONLY_MESSAGE = "Only the class's parent can do this.";
export const GRADE_CATEGORY_MESSAGE = "Choose one of the class's categories";
/** Shown where the account on one side of a class was deleted (its id became null). */
export const DELETED_USER_NAME = "Deleted user";
/**
 * An earlier enrolment whose student is not known: the family deleted its account, or it left
 * before enrolments were recorded (migration 0011).
 */
export const EARLIER_STUDENT_NAME = "Earlier student";
/** Grades and a child's progress need a child: refused while nobody is in the class. */
export const NO_STUDENT_MESSAGE = "This class has no student yet. Grades and progress are recorded once a student joins with the join code.";
export const EARLIER_GRADE_MESSAGE = "This grade belongs to an earlier student's record and can no longer be changed.";

export const CLASS_SEARCH_MAX_LENGTH = 100;

/** GET /api/classes?status=active|archived&q=…&as=teacher|parent (as: for an account holding both profiles). */
export const classListQuerySchema = z.object({
  status: z.enum(CLASS_STATUSES, { error: "Status must be active or archived" }).default("active"),
  q: z
    .string({ error: "Search must be text" })
    .trim()
    .max(CLASS_SEARCH_MAX_LENGTH, `Search must be at most ${CLASS_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  as: z.enum(["teacher", "parent"], { error: "Role must be teacher or parent" }).optional(),
});
export type ClassListQuery = z.output<typeof classListQuerySchema>;

export const fileIdParamSchema = z.object({
  classId: z.uuid({ error: CLASS_NOT_FOUND_MESSAGE }),
  fileId: z.uuid({ error: FILE_NOT_FOUND_MESSAGE }),
});

// ---------------------------------------------------------------------------------------------
// Class files (decisions.md section 3: size and real type checked before anything is stored).

export const MAX_CLASS_FILE_BYTES = 25 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = "Files must be at most 25 MB.";
export const FILE_TYPE_MESSAGE = "This file type is not supported. Upload a PDF, image, audio, video or MusicXML file.";
export const FILE_NAME_REQUIRED_MESSAGE = "File name is required";
export const FILE_NAME_MAX_LENGTH = 200;
/**
 * The upload is the raw request body (streamed, never buffered whole); its name travels in this
 * header, encoded with encodeURIComponent because header values cannot carry every character.
 */
export const FILE_NAME_HEADER = "x-file-name";
/** What the file picker may offer; the server decides by content, not by this list. */
export const CLASS_FILE_ACCEPT = ".pdf,.png,.jpg,.jpeg,.webp,.mp3,.m4a,.wav,.ogg,.mp4,.webm,.mov,.musicxml,.xml,.mxl";

/**
 * Invisible characters that change how a name reads: bidirectional overrides, embeddings and
 * isolates (U+202E makes "invoice\u202Efdp.exe" show as "invoiceexe.pdf"), marks, and zero-width
 * characters. None belongs in a file name.
 */
const BIDI_AND_INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * The file name as shown and offered on download: the header decoded, any folder part dropped,
 * control characters and bidirectional controls removed, trimmed, at most FILE_NAME_MAX_LENGTH
 * characters.
 */
export const classFileNameSchema = z
  .string({ error: FILE_NAME_REQUIRED_MESSAGE })
  .transform((raw) => {
    let name = raw;
    try {
      name = decodeURIComponent(raw);
    } catch {
      // Not percent-encoded after all: keep the text as sent.
    }
    const base = name.split(/[\\/]/).pop() ?? "";
    // eslint-disable-next-line no-control-regex
    return base.replace(/[\u0000-\u001f\u007f]/g, "").replace(BIDI_AND_INVISIBLE, "").trim().slice(0, FILE_NAME_MAX_LENGTH);
  })
  .refine((name) => name.length > 0, FILE_NAME_REQUIRED_MESSAGE);

// ---------------------------------------------------------------------------------------------
// Responses

export type ViewerRole = "teacher" | "parent";

export interface ClassSummary {
  id: string;
  name: string;
  description: string;
  status: ClassStatus;
  /** The teacher's name, or DELETED_TEACHER_NAME when the teacher's account is gone (issue 41). */
  teacherName: string;
  /** null while no student is attached; DELETED_USER_NAME when the student's profile is gone but the parent is not. */
  studentName: string | null;
  /** Only the class's teacher sees the code; null for the parent. */
  joinCode: string | null;
  /**
   * The viewing parent's family archived the class (decisions.md section 6: archive is per
   * family). Always false for the teacher, whose view a family's archive does not change.
   */
  familyArchived: boolean;
  format: ProgressMetrics["format"];
  lastUpdated: string;
  createdAt: string;
}

export interface Grade {
  id: string;
  title: string;
  score: number;
  category: string;
  feedback: string;
  /** yyyy-MM-dd */
  date: string;
  createdAt: string;
}

export interface ClassFile {
  id: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
  /** Where the class's teacher and parent open it (GET, cookies of the session). */
  url: string;
  /**
   * Uploaded while nobody was in the class: the class's own material, shown to every family in it.
   * Any other file belongs to the enrolment it was uploaded in and leaves with that child.
   */
  sharedWithClass: boolean;
}

/** A family that has left the class, with its child's record: shown to the teacher only. */
export interface EarlierStudent {
  enrolmentId: string;
  /** The student's name, or EARLIER_STUDENT_NAME when the profile is gone or was never recorded. */
  studentName: string;
  joinedAt: string;
  leftAt: string;
  /** The progress as it stood when the family left. */
  progress: ProgressMetrics;
  /** Newest first. */
  grades: Grade[];
  /** Newest first. */
  files: ClassFile[];
}

export interface ClassDetail extends ClassSummary {
  viewerRole: ViewerRole;
  teacherId: string | null;
  /** The teacher may still be booked and written to: false once suspended or gone (issue 41). */
  teacherCanTeach: boolean;
  /** teacher_profiles.user_id, for "A user is the class's teacher when…" and messaging. */
  teacherUserId: string | null;
  studentId: string | null;
  parentId: string | null;
  /** When the family in the class now joined; null while nobody is in it. */
  enrolledSince: string | null;
  /** The current family's progress (a fresh one, with the class's categories, while nobody is in it). */
  progress: ProgressMetrics;
  /** Practice XP (issue 29): already included in `progress.level/xp`, shown as its own source line. */
  practice: ClassPracticeXpDTO;
  /** The current family's grades, newest first: by date, then the one entered last. */
  grades: Grade[];
  /** The current family's files and the class's own material, newest first. */
  files: ClassFile[];
  /** Families that have left, most recent first: for the teacher; always empty for a parent. */
  earlierStudents: EarlierStudent[];
}

export interface UnlockResponse {
  progress: ProgressMetrics;
  achievement: Achievement;
  xpGained: number;
  levelsGained: number;
}

export interface GradeResponse {
  grade: Grade;
  progress: ProgressMetrics;
}
