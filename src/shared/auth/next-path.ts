/**
 * The `next` a guard or link carries, when it is a path on this site; anything else (another
 * origin, `//host`, `/\host`) is dropped so a crafted link cannot send a user away after sign-in.
 * Its own file, free of zod, because the layout needs it on every first paint.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  return next;
}
