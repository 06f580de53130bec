/**
 * How long an application has waited, in the words the queue shows (issue 27): the oldest wait is
 * what an operator looks at first, so it reads at a glance and never says "0 days".
 */
export function waitedLabel(hours: number): string {
  if (hours < 1) return "under an hour";
  if (hours < 48) return hours === 1 ? "1 hour" : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}
