import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ownServer } from "./e2e-env";

/** This worker's e2e server's DATA_DIR (playwright.config.ts); without SMTP its mail lands in outbox/ as .eml files. */
const outbox = () => path.resolve(ownServer().dataDir, "outbox");

/**
 * The server stores an email with its change and its jobs runner writes the .eml file a moment
 * after the response (src/server/mail/outbox-sender.ts): the helpers wait for it this long.
 */
const MAIL_WAIT_MS = 10_000;

function decodeQuotedPrintable(text: string): string {
  // A run of =XX escapes is UTF-8 bytes: decoded together, so "é" or "…" come back whole.
  return text.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"));
}

/** The decoded newest mail of a kind to an address that `accept` takes, waiting for it up to MAIL_WAIT_MS. */
async function newestMail<T>(to: string, kind: string, accept: (decoded: string) => T | null): Promise<T> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  const folder = outbox();
  for (;;) {
    const files = existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => f.includes(`-${kind}-`))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const raw = readFileSync(path.join(folder, file), "utf8");
      if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const found = accept(decodeQuotedPrintable(raw));
      if (found !== null) return found;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${to} in ${folder} after ${MAIL_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link of the newest mail of a kind to an address. */
export function lastMailLink(to: string, kind: string): Promise<string> {
  return newestMail(to, kind, (decoded) => /https?:\/\/\S+/.exec(decoded)?.[0] ?? null);
}

/** The decoded text of the newest mail of a kind to an address (headers included: Subject is in it). */
export function lastMailText(to: string, kind: string): Promise<string> {
  return newestMail(to, kind, (decoded) => decoded);
}
