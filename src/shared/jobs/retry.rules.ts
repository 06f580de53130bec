/**
 * When a failed job or email is tried again: 1, 2, 4 … minutes after each failure, at most an
 * hour, so a flaky SMTP server gets time to recover. The jobs runner and the outbox sender share it.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}
