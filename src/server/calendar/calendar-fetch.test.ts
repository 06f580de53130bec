import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchCalendar, isPrivateAddress, PRIVATE_ADDRESS_MESSAGE } from "./calendar-fetch";

const ICS = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
let server: Server;
let base: string;
const seen: { path: string; headers: Record<string, string | string[] | undefined> }[] = [];

const routes: Record<string, (res: ServerResponse, headers: Record<string, string | string[] | undefined>) => void> = {
  "/cal.ics": (res, headers) => {
    if (headers["if-none-match"] === '"v1"') return void res.writeHead(304).end();
    res.writeHead(200, { "content-type": "text/calendar", etag: '"v1"', "last-modified": "Tue, 01 Dec 2026 10:00:00 GMT" }).end(ICS);
  },
  "/gzip.ics": (res) => void res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(ICS)),
  "/bomb.ics": (res) => void res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(20 * 1024 * 1024))),
  "/big.ics": (res) => {
    res.writeHead(200);
    res.end(`${ICS}${"X".repeat(300_000)}`);
  },
  "/hang.ics": () => {
    // never answers
  },
  "/gone.ics": (res) => void res.writeHead(404).end("not here"),
  "/forbidden.ics": (res) => void res.writeHead(403).end(),
  "/down.ics": (res) => void res.writeHead(503).end(),
  "/r1": (res) => void res.writeHead(302, { location: "/r2" }).end(),
  "/r2": (res) => void res.writeHead(301, { location: `${base}/cal.ics` }).end(),
  "/loop": (res) => void res.writeHead(302, { location: "/loop" }).end(),
  "/to-file": (res) => void res.writeHead(302, { location: "file:///etc/passwd" }).end(),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: req.headers });
    const route = routes[req.url ?? ""];
    if (route) route(res, req.headers);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allowed = { allowPrivate: true };

describe("fetchCalendar", () => {
  it("reads the calendar with its validators, and a conditional request gets 304", async () => {
    const first = await fetchCalendar(`${base}/cal.ics`, allowed);
    expect(first).toMatchObject({ kind: "ok", text: ICS, etag: '"v1"', lastModified: "Tue, 01 Dec 2026 10:00:00 GMT" });
    const second = await fetchCalendar(`${base}/cal.ics`, { ...allowed, etag: '"v1"', lastModified: "Tue, 01 Dec 2026 10:00:00 GMT" });
    expect(second).toEqual({ kind: "not_modified" });
    const sent = seen.filter((s) => s.path === "/cal.ics").at(-1)!.headers;
    expect(sent["if-none-match"]).toBe('"v1"');
    expect(sent["if-modified-since"]).toBe("Tue, 01 Dec 2026 10:00:00 GMT");
  });

  it("unpacks gzip, and stops a small gzip that unpacks past the limit", async () => {
    expect(await fetchCalendar(`${base}/gzip.ics`, allowed)).toMatchObject({ kind: "ok", text: ICS });
    await expect(fetchCalendar(`${base}/bomb.ics`, allowed)).rejects.toThrow("The calendar is larger than 5 MB, more than we read.");
  });

  it("stops at the size limit", async () => {
    await expect(fetchCalendar(`${base}/big.ics`, { ...allowed, maxBytes: 100_000 })).rejects.toThrow(/larger than/);
  });

  it("gives up after the time limit", async () => {
    const began = Date.now();
    await expect(fetchCalendar(`${base}/hang.ics`, { ...allowed, timeoutMs: 300 })).rejects.toThrow("The calendar server did not answer within 0.3 seconds.");
    expect(Date.now() - began).toBeLessThan(3000);
  });

  it("follows a bounded number of redirects, to web addresses only", async () => {
    expect(await fetchCalendar(`${base}/r1`, allowed)).toMatchObject({ kind: "ok", text: ICS });
    await expect(fetchCalendar(`${base}/loop`, allowed)).rejects.toThrow("The address redirected too many times.");
    await expect(fetchCalendar(`${base}/r1`, { ...allowed, maxRedirects: 1 })).rejects.toThrow("The address redirected too many times.");
    await expect(fetchCalendar(`${base}/to-file`, allowed)).rejects.toThrow("That is not a web address (http or https).");
  });

  it.each([
    ["/gone.ics", "The calendar server says there is no calendar at that address (404). It may have been reset: copy the address again from your calendar app."],
    ["/forbidden.ics", "The calendar server refused access (403). The address may have been reset: copy the secret address again from your calendar app."],
    ["/down.ics", "The calendar server had a problem (503). We will try again."],
  ])("%s: a failure in plain words", async (path, message) => {
    await expect(fetchCalendar(`${base}${path}`, allowed)).rejects.toThrow(message);
  });

  it("says when the server cannot be found or refuses the connection", async () => {
    await expect(fetchCalendar("http://no-such-host.invalid/cal.ics", allowed)).rejects.toThrow('We could not find the server "no-such-host.invalid". Check the address.');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchCalendar(`http://127.0.0.1:${port}/cal.ics`, allowed)).rejects.toThrow('The server "127.0.0.1" refused the connection.');
  });

  it("refuses private and loopback addresses unless allowed, by number and by name", async () => {
    for (const address of [`${base}/cal.ics`, `http://localhost:${new URL(base).port}/cal.ics`, "http://[::1]/cal.ics", "http://169.254.169.254/latest/meta-data/"]) {
      await expect(fetchCalendar(address, { allowPrivate: false }), address).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    }
    // Nothing reached the server.
    const before = seen.length;
    await fetchCalendar(`http://localhost:${new URL(base).port}/cal.ics`, { allowPrivate: false }).catch(() => null);
    expect(seen.length).toBe(before);
  });

  it("refuses what is not http or https", async () => {
    for (const address of ["file:///etc/passwd", "ftp://example.com/cal.ics", "gopher://example.com", "not a url"]) {
      await expect(fetchCalendar(address, allowed)).rejects.toThrow("That is not a web address (http or https).");
    }
  });
});

describe("isPrivateAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["172.32.0.1", false],
    ["192.168.1.1", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["142.250.72.14", false],
    ["::1", true],
    ["::", true],
    ["fe80::1", true],
    ["fd00::1", true],
    ["fc12:3456::1", true],
    ["ff02::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:8.8.8.8", false],
    ["64:ff9b::10.0.0.1", true],
    ["2002:c0a8:0101::1", true],
    ["2001:db8::1", true],
    ["2607:f8b0:4004:800::200e", false],
    ["not an address", true],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
