import { Readable } from "node:stream";
import type { ClassStatus, ProgressFormat } from "../../src/shared/classes/classes.constants";
import { generateJoinCode } from "../../src/shared/classes/join-code.rules";
import { newClassProgress } from "../../src/shared/classes/progress.rules";
import { classFileKey } from "../../src/server/classes/class-files.service";
import { and, eq, isNull } from "drizzle-orm";
import { classEnrolments, classes, classFiles, classGrades } from "../../src/server/db/schema";
import { createStorage } from "../../src/server/files/create-storage";
import type { Deps } from "../../src/server/deps";

/** A small but real PDF: file-type recognises it by its first bytes. */
export const TINY_PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

/**
 * A class as the create and join flows leave it, written straight to the tables: the teacher's,
 * with a fresh join code and a new class's progress; joined by the student when one is given (the
 * class's family and its current enrolment).
 */
export async function createClass(
  deps: Pick<Deps, "db">,
  options: {
    teacherId: string;
    parentId?: string;
    studentId?: string;
    name?: string;
    format?: ProgressFormat;
    status?: ClassStatus;
  },
): Promise<{ classId: string; joinCode: string }> {
  const joinCode = generateJoinCode(Math.random);
  const [row] = await deps.db
    .insert(classes)
    .values({
      name: options.name ?? "Piano Basics",
      description: "Weekly lessons",
      status: options.status ?? "active",
      joinCode,
      teacherId: options.teacherId,
      parentId: options.studentId ? (options.parentId ?? null) : null,
      studentId: options.studentId ?? null,
      progressMetrics: newClassProgress(options.format ?? "xp"),
    })
    .returning({ id: classes.id });
  if (options.studentId) {
    await deps.db.insert(classEnrolments).values({ classId: row!.id, parentId: options.parentId ?? null, studentId: options.studentId });
  }
  return { classId: row!.id, joinCode };
}

/** The class's current enrolment: the one its grades go to, and its files unless none. */
async function currentEnrolmentId(deps: Pick<Deps, "db">, classId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ id: classEnrolments.id })
    .from(classEnrolments)
    .where(and(eq(classEnrolments.classId, classId), isNull(classEnrolments.leftAt)));
  return row?.id ?? null;
}

/** A grade of the class's current enrolment: the class must have a student. */
export async function addGrade(
  deps: Pick<Deps, "db">,
  classId: string,
  grade: { title?: string; score?: number; category?: string; date?: string } = {},
): Promise<string> {
  const enrolmentId = await currentEnrolmentId(deps, classId);
  if (!enrolmentId) throw new Error(`addGrade: class ${classId} has no student; create it with one`);
  const [row] = await deps.db
    .insert(classGrades)
    .values({
      classId,
      enrolmentId,
      title: grade.title ?? "Scales quiz",
      score: grade.score ?? 85,
      category: grade.category ?? "Technique",
      ...(grade.date ? { gradedOn: grade.date } : {}),
    })
    .returning({ id: classGrades.id });
  return row!.id;
}

/** A stored PDF of the class and its row, as an upload leaves them (the current enrolment's, if any). */
export async function addClassFile(deps: Pick<Deps, "db" | "env">, classId: string, name = "scales.pdf"): Promise<string> {
  const fileId = crypto.randomUUID();
  const storageKey = classFileKey(classId, fileId, "pdf");
  const { size } = await createStorage(deps.env).put(storageKey, Readable.from([Buffer.from(TINY_PDF)]));
  await deps.db
    .insert(classFiles)
    .values({
      id: fileId,
      classId,
      enrolmentId: await currentEnrolmentId(deps, classId),
      name,
      storageKey,
      contentType: "application/pdf",
      sizeBytes: size,
    });
  return fileId;
}
