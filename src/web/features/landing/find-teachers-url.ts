/**
 * The search URL the hero form navigates to. Instruments are matched case-insensitively by the
 * search page, so the value is lower-cased; empty fields are left out rather than sent blank.
 */
export function findTeachersUrl(instrument: string, location: string): string {
  const params = new URLSearchParams();
  const cleanInstrument = instrument.trim().toLowerCase();
  const cleanLocation = location.trim();
  if (cleanInstrument) params.set("instrument", cleanInstrument);
  if (cleanLocation) params.set("location", cleanLocation);
  const query = params.toString();
  return query ? `/find-teachers?${query}` : "/find-teachers";
}
