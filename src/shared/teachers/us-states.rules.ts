import { US_STATE_CODES, US_STATES, type UsState } from "./teachers.constants";

/**
 * The two-letter code of a saved state, written as a code or as the state's name in any case
 * ("tx", "Texas"); "" when it is neither, so the settings form asks the teacher to choose.
 */
export function usStateCode(value: string): UsState | "" {
  const text = value.trim().toUpperCase();
  const byCode = US_STATE_CODES.find((code) => code === text);
  if (byCode) return byCode;
  return US_STATE_CODES.find((code) => US_STATES[code].toUpperCase() === text) ?? "";
}
