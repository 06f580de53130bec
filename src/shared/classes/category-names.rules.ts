/**
 * Category names of a class's progress: the schemas refuse duplicates with the same rule the
 * progress rules apply (both import it from here, so neither imports the other).
 */

/** Category names compare trimmed and case-insensitive: "technique " and "Technique" are the same. */
export function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase("en-US");
}

export function hasDuplicateNames(names: readonly string[]): boolean {
  return new Set(names.map(nameKey)).size !== names.length;
}
