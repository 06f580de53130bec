import { randomUUID } from "node:crypto";
import {
  classFileNameSchema,
  FILE_NAME_HEADER,
  FILE_NAME_REQUIRED_MESSAGE,
  FILE_NOT_FOUND_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_CLASS_FILE_BYTES,
  type ClassFile,
} from "../../shared/classes/classes.api";
import { AppError } from "../../shared/errors";
import type { ContainerKind, Storage } from "../files";
import type { Deps } from "../deps";
import { checkedUpload } from "../files";
import { CLASS_FILE_SNIFF_BYTES, sniffClassFileType } from "./class-file-type";
import * as repo from "./classes.repo";

import { authorize, inLockedClass, viewerOf } from "./class-access";

const STRUCTURE_OF: Partial<Record<string, ContainerKind>> = { pdf: "pdf", mp4: "iso", mov: "iso", m4a: "iso", webm: "ebml" };

// ---------------------------------------------------------------------------------------------
// Files

/** Storage key of a class file (one folder per class). */
export const classFileKey = (classId: string, fileId: string, ext: string) => `class-files/${classId}/${fileId}.${ext}`;

const tooLarge = () => new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE);
const unsupported = () => new AppError("unsupported_media_type", FILE_TYPE_MESSAGE);

/**
 * Streams a class file to storage. The class's teacher only, checked before a byte is read. At most
 * 25 MB: the declared length is checked first, then every byte is counted as it arrives, so a
 * client that lies is cut off too. The type is decided by the first bytes. Nothing is stored when a
 * check fails: storage.put keeps nothing of a stream that failed.
 * The file belongs to the enrolment current when the upload began (the child the teacher was
 * looking at), even if that family leaves before the last byte arrives; uploaded with nobody in
 * the class, it is the class's own material.
 */
export async function uploadFile(
  deps: Pick<Deps, "db">,
  storage: Storage,
  userId: string,
  classId: string,
  upload: { name: string | undefined; body: ReadableStream<Uint8Array> | null; contentLength: string | undefined },
): Promise<ClassFile> {
  const viewer = await viewerOf(deps, userId);
  const { row } = authorize(await repo.findClass(deps.db, classId), viewer, "teacher");
  const name = classFileNameSchema.safeParse(upload.name);
  if (!name.success) {
    await upload.body?.cancel().catch(() => undefined);
    throw new AppError("validation", FILE_NAME_REQUIRED_MESSAGE, { fields: { [FILE_NAME_HEADER]: FILE_NAME_REQUIRED_MESSAGE } });
  }
  const { type, stream } = await checkedUpload(upload, {
    maxBytes: MAX_CLASS_FILE_BYTES,
    sniffBytes: CLASS_FILE_SNIFF_BYTES,
    sniff: sniffClassFileType,
    // A file that only begins like a PDF or a video (its first bytes, then anything) is refused.
    structureOf: (fileType) => STRUCTURE_OF[fileType.ext],
    tooLarge,
    unsupported,
  });

  const fileId = randomUUID();
  const storageKey = classFileKey(classId, fileId, type.ext);
  const { size } = await storage.put(storageKey, stream);
  try {
    const file = await repo.insertFile(deps.db, {
      id: fileId,
      classId,
      enrolmentId: row.enrolmentId,
      name: name.data,
      storageKey,
      contentType: type.contentType,
      sizeBytes: size,
      uploadedBy: userId,
    });
    await repo.updateClass(deps.db, classId, {});
    return file;
  } catch (error) {
    // The class went away meanwhile (or the row failed): no file without its row.
    await storage.delete(storageKey);
    throw error;
  }
}

export async function deleteFile(deps: Pick<Deps, "db">, storage: Storage, userId: string, classId: string, fileId: string) {
  const storageKey = await inLockedClass(deps, userId, classId, "teacher", async (tx) => {
    const key = await repo.deleteFile(tx, classId, fileId);
    if (!key) throw new AppError("not_found", FILE_NOT_FOUND_MESSAGE);
    await repo.updateClass(tx, classId, {});
    return key;
  });
  // After the commit: a failed delete leaves an orphan file nobody can reach, never a row without its file.
  await storage.delete(storageKey);
  return { deleted: true as const };
}

/**
 * The stored file for the class's teacher (any of the class's files, earlier students' too) or its
 * parent (their own enrolment's files and the class's material); anyone else 404, and a file of an
 * earlier family is 404 for the family in the class now, exactly as if it did not exist.
 */
export async function fileForViewer(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  fileId: string,
): Promise<{ name: string; storageKey: string; contentType: string }> {
  const viewer = await viewerOf(deps, userId);
  const { row, role } = authorize(await repo.findClass(deps.db, classId), viewer, "member");
  const file = await repo.findFile(deps.db, classId, fileId);
  const visible = file !== null && (role === "teacher" || file.enrolmentId === null || file.enrolmentId === row.enrolmentId);
  if (!visible) throw new AppError("not_found", FILE_NOT_FOUND_MESSAGE);
  return { name: file.name, storageKey: file.storageKey, contentType: file.contentType };
}
