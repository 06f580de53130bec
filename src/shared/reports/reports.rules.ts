/**
 * Whether the reported thing changed since its snapshot: the keys whose values differ. A key the
 * current version lacks counts as changed. Compared by value (jsonb does not keep key order).
 */
export function changedSnapshotKeys(snapshot: Record<string, unknown>, current: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(snapshot), ...Object.keys(current)]);
  return [...keys].filter((key) => !sameValue(snapshot[key], current[key])).sort();
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    return changedSnapshotKeys(a as Record<string, unknown>, b as Record<string, unknown>).length === 0;
  }
  return false;
}
