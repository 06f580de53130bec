/** Intro video limits and messages (spec sections 5 and 9); the browser and the server say the same. */
export const MAX_INTRO_VIDEO_MB = 100;
export const MAX_INTRO_VIDEO_BYTES = MAX_INTRO_VIDEO_MB * 1024 * 1024;

export const VIDEO_TOO_LARGE_MESSAGE = "Video file size must be less than 100MB";
export const VIDEO_INVALID_MESSAGE = "Please upload a valid video file";
export const VIDEO_UPLOAD_FAILED_MESSAGE = "Failed to upload video";
export const INTRO_VIDEO_HINT = "1-2 minutes, MP4 or MOV up to 100MB";

/** What the file picker offers; the server still checks the real type from the file's first bytes. */
export const INTRO_VIDEO_ACCEPT = "video/mp4,video/quicktime,video/webm";

/** Header carrying the one-time upload token the application returns (no session yet). */
export const UPLOAD_TOKEN_HEADER = "x-upload-token";

/** The browser's quick check before uploading: the same messages as the server's. */
export function checkIntroVideoFile(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith("video/")) return VIDEO_INVALID_MESSAGE;
  if (file.size > MAX_INTRO_VIDEO_BYTES) return VIDEO_TOO_LARGE_MESSAGE;
  return null;
}

/** The stored names of an intro video, one per accepted container (served at /api/files/teacher-videos/…). */
export const VIDEO_FILE_NAMES = ["intro-video.mp4", "intro-video.mov", "intro-video.webm"] as const;
