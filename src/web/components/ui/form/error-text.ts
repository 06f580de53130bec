/**
 * The first message of a field's errors, for `Field error=`. A list field edited as text or as
 * checkboxes can fail on one item ("learningGoals.3"), which react-hook-form nests under the field.
 */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref") continue;
    const nested = errorText(value);
    if (nested) return nested;
  }
  return undefined;
}
