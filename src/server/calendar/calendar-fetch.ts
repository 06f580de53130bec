import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Transform } from "node:stream";

/**
 * Reads a teacher's calendar address (issue 46) the careful way a server must read an address a
 * user typed: http and https only; at most MAX_REDIRECTS redirects, each checked again; the whole
 * read within a time limit; at most MAX_BYTES after decompression (a small gzip can unpack to
 * gigabytes); and never an address on a private, loopback or link-local network (the server's own
 * metadata service, the database, the admin pages of the office router) unless
 * CALENDAR_FETCH_ALLOW_PRIVATE=true. The check is made on the address actually connected to (the
 * socket's DNS lookup), so a name that resolves to a public address for the check and a private
 * one for the connection (DNS rebinding) gets nowhere.
 *
 * Conditional: the last answer's ETag and Last-Modified are sent back, and a 304 says the stored
 * busy times are still right. Every failure is a CalendarFetchError in plain words for the teacher.
 */

export const MAX_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;
const USER_AGENT = "MusicLessons-CalendarReader/1.0 (+busy times of a teacher's own calendar)";

const timeoutMessage = (ms: number) => `The calendar server did not answer within ${ms >= 1000 ? Math.round(ms / 1000) : (ms / 1000).toFixed(1)} seconds.`;

export class CalendarFetchError extends Error {
  override name = "CalendarFetchError";
}

export const PRIVATE_ADDRESS_MESSAGE = "That address points to a private or local network, which we do not read.";
export const NOT_WEB_ADDRESS_MESSAGE = "That is not a web address (http or https).";

export interface FetchOptions {
  allowPrivate: boolean;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type FetchResult =
  | { kind: "not_modified" }
  | { kind: "ok"; text: string; etag: string | null; lastModified: string | null; bytes: number };

export async function fetchCalendar(address: string, options: FetchOptions): Promise<FetchResult> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseWebAddress(address);
    for (let hop = 0; ; hop++) {
      const response = await request(url, options, controller.signal, timeoutMs);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304 && response.headers.location) {
        response.resume();
        if (hop >= (options.maxRedirects ?? MAX_REDIRECTS)) throw new CalendarFetchError("The address redirected too many times.");
        url = parseWebAddress(new URL(response.headers.location, url).toString());
        continue;
      }
      if (status === 304) {
        response.resume();
        return { kind: "not_modified" };
      }
      if (status !== 200) {
        response.resume();
        throw new CalendarFetchError(statusMessage(status));
      }
      const bytes = await readBody(response, options.maxBytes ?? MAX_BYTES, controller.signal, timeoutMs);
      return {
        kind: "ok",
        text: new TextDecoder("utf-8").decode(bytes),
        etag: headerValue(response.headers.etag),
        lastModified: headerValue(response.headers["last-modified"]),
        bytes: bytes.byteLength,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 500 ? text : null;
}

function parseWebAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new CalendarFetchError(NOT_WEB_ADDRESS_MESSAGE);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CalendarFetchError(NOT_WEB_ADDRESS_MESSAGE);
  return url;
}

function statusMessage(status: number): string {
  if (status === 401 || status === 403) {
    return `The calendar server refused access (${status}). The address may have been reset: copy the secret address again from your calendar app.`;
  }
  if (status === 404 || status === 410) {
    return `The calendar server says there is no calendar at that address (${status}). It may have been reset: copy the address again from your calendar app.`;
  }
  if (status === 429) return "The calendar server asked us to slow down (429). We will try again later.";
  if (status >= 500) return `The calendar server had a problem (${status}). We will try again.`;
  return `The calendar server answered ${status} instead of the calendar.`;
}

function request(url: URL, options: FetchOptions, signal: AbortSignal, timeoutMs: number): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An address written as a number never goes through the lookup below: checked here.
  if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) return Promise.reject(new CalendarFetchError(PRIVATE_ADDRESS_MESSAGE));
  const headers: Record<string, string> = {
    accept: "text/calendar, text/plain;q=0.9, */*;q=0.1",
    "accept-encoding": "gzip, deflate, br",
    "user-agent": USER_AGENT,
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: "GET", headers, lookup: guardedLookup(options.allowPrivate), signal, agent: false }, resolve);
    req.on("error", (error) => reject(networkError(error, host, signal, timeoutMs)));
    req.end();
  });
}

/** The socket's DNS lookup, refusing every private answer (all of them are checked, not only the first). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new CalendarFetchError(PRIVATE_ADDRESS_MESSAGE), "", 0);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function networkError(error: unknown, host: string, signal: AbortSignal, timeoutMs: number): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  if (signal.aborted) return new CalendarFetchError(timeoutMessage(timeoutMs));
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new CalendarFetchError(`We could not find the server "${host}". Check the address.`);
  if (code === "ECONNREFUSED") return new CalendarFetchError(`The server "${host}" refused the connection.`);
  if (code === "ECONNRESET" || code === "EPIPE") return new CalendarFetchError(`The server "${host}" closed the connection before sending the calendar.`);
  if (code === "ETIMEDOUT") return new CalendarFetchError(timeoutMessage(timeoutMs));
  if (/CERT|SSL|TLS/i.test(code)) return new CalendarFetchError(`The secure connection to "${host}" could not be trusted (${code}).`);
  return new CalendarFetchError(`We could not reach the calendar server${code ? ` (${code})` : ""}.`);
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return null;
  }
}

/** The body, decompressed, stopped as soon as it passes `maxBytes`. */
function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal, timeoutMs: number): Promise<Uint8Array> {
  const declared = Number(response.headers["content-length"]);
  const tooLarge = () => new CalendarFetchError(`The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than we read.`);
  const encoding = response.headers["content-encoding"];
  if (!decoderFor(encoding) && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  const decoder = decoderFor(encoding);
  const source = decoder ? response.pipe(decoder) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (error: CalendarFetchError) => {
      if (done) return;
      done = true;
      response.destroy();
      decoder?.destroy();
      reject(error);
    };
    source.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(tooLarge());
      chunks.push(chunk);
    });
    source.on("end", () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    source.on("error", (error) =>
      fail(
        signal.aborted
          ? new CalendarFetchError(timeoutMessage(timeoutMs))
          : decoder
            ? new CalendarFetchError("The calendar server sent a compressed answer that could not be unpacked.")
            : networkError(error, "", signal, timeoutMs),
      ),
    );
    response.on("aborted", () => fail(new CalendarFetchError(timeoutMessage(timeoutMs))));
    response.on("error", (error) => fail(networkError(error, "", signal, timeoutMs)));
  });
}

// --- Which addresses are private -----------------------------------------------------------

const PRIVATE_V4: [number, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
].map(([base, bits]) => [v4Number(base as string)!, bits as number]);

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function privateV4(value: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The 8 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function v6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = v4Number(dotted[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return groups.some(Number.isNaN) ? null : groups;
}

/**
 * Loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT, documentation,
 * multicast and reserved ranges, and IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4).
 * An address that cannot be read counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateV4(v4Number(address)!);
  if (family !== 6) return true;
  const g = v6Groups(address);
  if (!g) return true;
  const v4Of = (high: number, low: number) => high * 65536 + low;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), :: and ::1.
    if (g[5] === 0 && g[6] === 0) return true;
    return privateV4(v4Of(g[6]!, g[7]!));
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return privateV4(v4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return privateV4(v4Of(g[1]!, g[2]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (first === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true; // discard
  return first === 0;
}
