import { createHmac, timingSafeEqual } from "node:crypto";

/** How long the application's intro-video upload token stays valid. */
export const UPLOAD_TOKEN_TTL_MS = 30 * 60 * 1000;

// Bound into the signature so a token made for this purpose cannot pass as any other signed value.
const PURPOSE = "teacher-intro-video-upload";

function signature(secret: string, teacherId: string, expiresAtSeconds: number): string {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${teacherId}\n${expiresAtSeconds}`).digest("base64url");
}

/**
 * `{teacherId}.{expiry in unix seconds}.{HMAC-SHA256}`: lets the application wizard upload the new
 * teacher's video before they have signed in, for this teacher only and only until it expires.
 */
export function signUploadToken(secret: string, teacherId: string, expiresAt: Date): string {
  const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
  return `${teacherId}.${expiresAtSeconds}.${signature(secret, teacherId, expiresAtSeconds)}`;
}

/** The teacher id a token was made for, or null when it is malformed, tampered with or expired. */
export function verifyUploadToken(secret: string, token: string, now = new Date()): string | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [teacherId = "", expiry = "", given = ""] = parts;
  if (!/^[0-9a-f-]{36}$/i.test(teacherId) || !/^\d{1,12}$/.test(expiry)) return null;
  const expected = Buffer.from(signature(secret, teacherId, Number(expiry)));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return teacherId;
}
