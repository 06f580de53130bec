import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { AppError } from "../../../../shared/errors";

/**
 * Puts the server's field messages (`AppError.fields`, keyed by path such as "interests.0") beside
 * the form's fields, so a 400 reads like the form's own validation. Returns the server paths it
 * placed (a multi-step form uses them to open the step with the first error).
 *
 * With `fields`, a path is placed on the field it names, or else on the field named by its first
 * segment ("interests.0" → "interests"); paths the form does not show are skipped (they still
 * read in the form's alert). Without `fields`, every path is placed as is.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly Path<T>[],
): string[] {
  if (!(error instanceof AppError) || !error.fields) return [];
  const placed: string[] = [];
  for (const [path, message] of Object.entries(error.fields)) {
    const field = fields ? fieldFor(path, fields) : (path as Path<T>);
    if (!field) continue;
    setError(field, { type: "server", message });
    placed.push(path);
  }
  return placed;
}

function fieldFor<P extends string>(path: string, fields: readonly P[]): P | undefined {
  if ((fields as readonly string[]).includes(path)) return path as P;
  const first = path.split(".")[0]!;
  return (fields as readonly string[]).includes(first) ? (first as P) : undefined;
}
