/**
 * What a log may say of a request's address (issue 39). Some paths carry a secret that grants
 * access while it is valid: the private calendar feed's file (until revoked) and better-auth's
 * reset and set-password links (1 and 24 hours). The log keeps the route and drops the secret.
 * Query strings (email verification's `?token=`, the reset page's) are never logged at all.
 */
export const REDACTED = "[redacted]";

/** Routes whose last segment is a secret. */
const SECRET_TAILS = [/^\/api\/calendar\/feed\/[^/]+$/, /^\/api\/auth\/reset-password\/[^/]+$/];

/**
 * A segment that looks like a random token, whatever the route: 20 or more URL-safe characters
 * with a digit or a capital (route names are lower-case words), an extension allowed. Ids (UUIDs)
 * are not secrets and stay, so a log still says which lesson or invoice a request was about.
 */
const TOKEN_LIKE = /^(?=[^.]*[0-9A-Z])[A-Za-z0-9_-]{20,}(\.[a-z]{1,5})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redactSegment(segment: string): string {
  const extension = /\.[a-z]{1,5}$/.exec(segment)?.[0] ?? "";
  return REDACTED + extension;
}

/** The request path as logs may show it. */
export function loggablePath(path: string): string {
  const segments = path.split("/");
  const secretTail = SECRET_TAILS.some((route) => route.test(path));
  return segments
    .map((segment, index) => {
      if (segment === "") return segment;
      if (secretTail && index === segments.length - 1) return redactSegment(segment);
      return TOKEN_LIKE.test(segment) && !UUID.test(segment) ? redactSegment(segment) : segment;
    })
    .join("/");
}
