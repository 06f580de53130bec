/**
 * Issue 45: a conversation's family side is a household, with one guardian or several. How it is
 * named to the teacher, and when a message says who on the family's side wrote it.
 */

export interface GuardianNameParts {
  firstName: string;
  lastName: string;
}

/** "Anna", "Anna & Tom", "Anna, Tom & Lea". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} & ${names.at(-1)}`;
}

/**
 * The family as the teacher's inbox and thread name it: the guardians, founder first. A
 * one-guardian family reads as before ("Pat Parent"); two read "Anna Berg & Tom Berg", and their
 * first names ("Anna & Tom") where a sentence addresses them.
 */
export function familyNames(guardians: readonly GuardianNameParts[]): { name: string; firstName: string } {
  return {
    name: joinNames(guardians.map((g) => `${g.firstName} ${g.lastName}`.trim())),
    firstName: joinNames(guardians.map((g) => g.firstName)),
  };
}

/**
 * Whether messages show their author's name: once more than one person can write on the family's
 * side (the household has several guardians now, or the history holds messages from more than one
 * of them). A one-guardian family's thread stays as uncluttered as a two-person chat.
 */
export function showsAuthors(guardianCount: number, familySenderIds: Iterable<string | null>): boolean {
  if (guardianCount > 1) return true;
  return new Set(familySenderIds).size > 1;
}

/**
 * What the inbox puts before the last message: "You: " for one's own, the author's first name for
 * a message from the family's side once the household has several guardians ("Tom: "), nothing
 * for a message from the only person on the other side.
 */
export function lastMessagePrefix(
  last: { mine: boolean; senderRole: "parent" | "teacher"; senderFirstName: string },
  guardianCount: number,
): string {
  if (last.mine) return "You: ";
  if (last.senderRole === "parent" && guardianCount > 1 && last.senderFirstName) return `${last.senderFirstName}: `;
  return "";
}
