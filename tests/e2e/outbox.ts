import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "./e2e-env";

/** The e2e server's DATA_DIR (playwright.config.ts); without SMTP its mail lands in outbox/ as .eml files. */
const OUTBOX = path.resolve(E2E_DATA_DIR, "outbox");

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of the newest mail of a kind to an address. */
export function lastMailLink(to: string, kind: string): string {
  const files = readdirSync(OUTBOX)
    .filter((f) => f.includes(`-${kind}-`))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = readFileSync(path.join(OUTBOX, file), "utf8");
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const link = /https?:\/\/\S+/.exec(decodeQuotedPrintable(raw))?.[0];
    if (link) return link;
  }
  throw new Error(`no ${kind} mail to ${to} in ${OUTBOX}`);
}

/** The subject and text of the newest mail of a kind to an address (quoted-printable decoded). */
export function lastMailText(to: string, kind: string): string {
  const files = readdirSync(OUTBOX)
    .filter((f) => f.includes(`-${kind}-`))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = readFileSync(path.join(OUTBOX, file), "utf8");
    if (raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return decodeQuotedPrintable(raw);
  }
  throw new Error(`no ${kind} mail to ${to} in ${OUTBOX}`);
}
