/**
 * aria props for a control whose `<Field id>` (or group) shows `error`: marks it invalid and points
 * it at the message, whose id is `${id}-error`. Nothing when there is no error.
 */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}
