const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "December 4, 2026" for an ISO instant, on the reader's clock: what Intl.DateTimeFormat("en-US",
 * { month: "long", day: "numeric", year: "numeric" }) writes, without Intl. A page's first use of
 * Intl loads its locale data: 70-150 ms of a 4×-slowed phone's main thread on the teacher profile
 * (issue 43's trace), for dates in English only.
 */
export function longDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
