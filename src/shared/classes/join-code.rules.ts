import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, JOIN_CODE_PATTERN } from "./classes.constants";

/**
 * A new join code of JOIN_CODE_LENGTH characters from JOIN_CODE_ALPHABET. `random` returns a number
 * in [0, 1) like Math.random; it is injected so tests are repeatable and the server can use a
 * cryptographic source (codes are guessable otherwise). Uniqueness is the server's job: it retries
 * on a collision with an existing class.
 */
export function generateJoinCode(random: () => number): string {
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) {
    // Clamped so a source that returns exactly 1 (or a little more) still picks a real character.
    const index = Math.min(JOIN_CODE_ALPHABET.length - 1, Math.max(0, Math.floor(random() * JOIN_CODE_ALPHABET.length)));
    code += JOIN_CODE_ALPHABET[index];
  }
  return code;
}

/** What the join-code input keeps while the parent types: trimmed, upper-cased, at most 6 characters. */
export function normalizeJoinCode(input: string): string {
  return input.trim().toUpperCase().slice(0, JOIN_CODE_LENGTH);
}

/** Exactly 6 characters of the alphabet, already upper-case (no normalising here). */
export function isJoinCode(value: string): boolean {
  return JOIN_CODE_PATTERN.test(value);
}
