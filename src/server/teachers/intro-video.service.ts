import { AppError } from "../../shared/errors";
import { MAX_INTRO_VIDEO_BYTES, VIDEO_INVALID_MESSAGE, VIDEO_TOO_LARGE_MESSAGE } from "../../shared/teachers/intro-video.constants";
import type { Storage } from "../files";
import { checkedUpload, sniffVideoType, VIDEO_CONTENT_TYPES, VIDEO_SNIFF_BYTES, type VideoExtension } from "../files";
import type { Deps } from "../deps";
import * as repo from "./teacher-application.repo";
import { verifyUploadToken } from "./upload-token";

const EXTENSIONS = Object.keys(VIDEO_CONTENT_TYPES) as VideoExtension[];

/** Storage key of a teacher's intro video (spec section 3: bucket teacher-videos, {teacherId}/intro-video.{ext}). */
export const introVideoKey = (teacherId: string, ext: VideoExtension) => `teacher-videos/${teacherId}/intro-video.${ext}`;

/** The public address the files route serves it at. */
export const introVideoPath = (teacherId: string, ext: VideoExtension) => `/api/files/teacher-videos/${teacherId}/intro-video.${ext}`;

const tooLarge = () => new AppError("payload_too_large", VIDEO_TOO_LARGE_MESSAGE);
const notAVideo = () => new AppError("unsupported_media_type", VIDEO_INVALID_MESSAGE);

/**
 * The teacher an application's upload token names. It works only while that teacher has no video
 * yet: it exists so the wizard can send the video chosen before the account existed, not to
 * replace one later (that takes a signed-in teacher).
 */
export async function teacherIdForUploadToken(deps: Pick<Deps, "db" | "env">, token: string): Promise<string> {
  const expired = new AppError("unauthenticated", "This upload link has expired. Please sign in to upload your video.", {
    reason: "upload_token_invalid",
  });
  const teacherId = verifyUploadToken(deps.env.AUTH_SECRET, token);
  if (!teacherId) throw expired;
  const teacher = await repo.findIntroVideoUrl(deps.db, teacherId);
  if (!teacher) throw expired;
  // One use, claimed atomically: of uploads racing with one token only one proceeds.
  if (teacher.introVideoUrl || !(await repo.claimIntroVideoToken(deps.db, teacherId))) {
    throw new AppError("forbidden", "This upload link has already been used. Sign in to change your video.", {
      reason: "upload_token_used",
    });
  }
  return teacherId;
}

/** Gives a claimed token back after its upload failed (wrong type, too large, connection lost). */
export async function releaseUploadToken(deps: Pick<Deps, "db">, teacherId: string): Promise<void> {
  await repo.releaseIntroVideoToken(deps.db, teacherId);
}

/**
 * Streams an intro video to storage: at most 100 MB (the declared length is checked first, then
 * every byte is counted as it arrives, so a lying client is cut off too), and only when the first
 * bytes are really MP4, MOV or WebM. Nothing is stored when either check fails; a good upload
 * replaces the old video atomically, removes one with another extension, and is recorded on the
 * profile with a version so players and caches fetch the new file.
 */
export async function uploadIntroVideo(
  deps: Pick<Deps, "db">,
  storage: Storage,
  teacherId: string,
  upload: { body: ReadableStream<Uint8Array> | null; contentLength: string | undefined },
  now = Date.now(),
): Promise<{ introVideoUrl: string }> {
  const { type: ext, stream } = await checkedUpload(upload, {
    maxBytes: MAX_INTRO_VIDEO_BYTES,
    sniffBytes: VIDEO_SNIFF_BYTES,
    sniff: sniffVideoType,
    structureOf: (type) => (type === "webm" ? "ebml" : "iso"),
    tooLarge,
    unsupported: notAVideo,
  });
  await storage.put(introVideoKey(teacherId, ext), stream);
  await Promise.all(EXTENSIONS.filter((other) => other !== ext).map((other) => storage.delete(introVideoKey(teacherId, other))));
  const introVideoUrl = `${introVideoPath(teacherId, ext)}?v=${now}`;
  await repo.setIntroVideoUrl(deps.db, teacherId, introVideoUrl);
  return { introVideoUrl };
}

/**
 * The storage key and type of a teacher's intro video for public serving, or a 404. Only the video
 * the profile currently names is served: a removed video, or one of a deleted account, is gone.
 */
export async function publishedIntroVideo(
  deps: Pick<Deps, "db">,
  teacherId: string,
  file: `intro-video.${VideoExtension}`,
): Promise<{ key: string; contentType: string }> {
  const ext = file.slice("intro-video.".length) as VideoExtension;
  const teacher = await repo.findIntroVideoUrl(deps.db, teacherId);
  const current = teacher?.introVideoUrl?.split("?")[0];
  if (current !== introVideoPath(teacherId, ext)) {
    throw new AppError("not_found", "This video does not exist or has been removed.");
  }
  return { key: introVideoKey(teacherId, ext), contentType: VIDEO_CONTENT_TYPES[ext] };
}

/** Removes every stored intro video of a teacher (for when the profile stops naming one). */
export async function deleteIntroVideoFiles(storage: Storage, teacherId: string): Promise<void> {
  await Promise.all(EXTENSIONS.map((ext) => storage.delete(introVideoKey(teacherId, ext))));
}
