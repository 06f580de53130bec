// The soak's traffic (npm run soak): each kind of use as one operation, timed and checked, and the
// ledger of every write the server acknowledged, read back at the end.
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { LiveEventPayloads } from "../../src/shared/messages/messages.api";
import type { SlotsResponse } from "../../src/shared/booking/booking.schemas";
import type { SoakFamily, SoakTeacher } from "./soak-setup";

export const KINDS = ["page", "browse", "search", "book", "accept", "message", "upload", "download"] as const;
export type Kind = (typeof KINDS)[number];

const REQUEST_TIMEOUT_MS = 30_000;
const INTRO_VIDEO = readFileSync(new URL("../../tests/fixtures/intro-video.mp4", import.meta.url));
const INTRO_VIDEO_SHA = sha256(INTRO_VIDEO);

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export interface Completed {
  kind: Kind;
  /** performance.now() when the answer was read to its end. */
  doneAt: number;
  ms: number;
  ok: boolean;
}

/** Every request of the soak as it completes, and a few of its failures in words. */
export class Recorder {
  readonly completed: Completed[] = [];
  readonly failures: string[] = [];
  errors = 0;

  record(kind: Kind, startedAt: number, ok: boolean, failure?: string): void {
    const doneAt = performance.now();
    this.completed.push({ kind, doneAt, ms: doneAt - startedAt, ok });
    if (ok) return;
    this.errors++;
    if (this.failures.length < 15) this.failures.push(`${kind}: ${failure ?? "failed"}`);
  }
}

/**
 * One event stream held open for the whole soak (GET /api/live), remembering the ids of the
 * messages it delivered; `ended` says the server or the network closed it.
 */
export class LiveStream {
  readonly messageIds = new Set<string>();
  ended = false;

  constructor(
    readonly userId: string,
    body: ReadableStream<Uint8Array>,
  ) {
    void this.read(body.getReader());
  }

  private reader?: ReadableStreamDefaultReader<Uint8Array>;

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    this.reader = reader;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          this.take(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      }
    } catch {
      // cancelled, or the connection broke: `ended` says so either way
    }
    this.ended = true;
  }

  private take(block: string): void {
    const lines = block.split("\n");
    if (!lines.includes("event: message")) return;
    const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
    this.messageIds.add((JSON.parse(data) as LiveEventPayloads["message"]).message.id);
  }

  cancel(): Promise<void> {
    return this.reader?.cancel().catch(() => undefined) ?? Promise.resolve();
  }
}

interface Answer {
  status: number;
  body: Buffer;
  json: () => unknown;
}

/** What the server acknowledged, to be found again at the end. */
export interface Ledger {
  messages: { id: string; recipientUserId: string; streams: LiveStream[] }[];
  /** Booking id → the state its last acknowledged change left it in. */
  bookings: Map<string, "pending" | "accepted">;
  classFiles: { family: SoakFamily; fileId: string; sha: string }[];
  /** Teacher id → the path of the intro video the last acknowledged upload published. */
  introVideos: Map<string, string>;
}

export class Traffic {
  readonly ledger: Ledger = { messages: [], bookings: new Map(), classFiles: [], introVideos: new Map() };
  /** Teachers with a booking or an intro-video upload under way: one at a time each, as one person does. */
  private readonly busyTeachers = new Set<string>();
  private readonly streamsOf = new Map<string, LiveStream[]>();
  private messages = 0;
  private uploads = 0;
  private downloads = 0;
  skippedBookings = 0;

  constructor(
    private readonly base: string,
    private readonly recorder: Recorder,
    private readonly teachers: SoakTeacher[],
    private readonly families: SoakFamily[],
  ) {}

  /** A request, timed to the last byte of its answer; any status but `expected`, or a network failure, is an error. */
  private async call(
    kind: Kind,
    method: string,
    path: string,
    options: { cookie?: string; body?: Buffer | object; headers?: Record<string, string>; expected?: number; check?: (answer: Answer) => string | null } = {},
  ): Promise<Answer | null> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    // A browser's page sends its Origin with every state-changing request.
    if (method !== "GET") headers.origin = this.base;
    let body: Uint8Array<ArrayBuffer> | string | undefined;
    if (Buffer.isBuffer(options.body)) body = new Uint8Array(options.body);
    else if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    const startedAt = performance.now();
    try {
      const res = await fetch(this.base + path, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const bytes = Buffer.from(await res.arrayBuffer());
      const answer: Answer = { status: res.status, body: bytes, json: () => JSON.parse(bytes.toString()) as unknown };
      const expected = options.expected ?? 200;
      if (res.status !== expected) {
        this.recorder.record(kind, startedAt, false, `${method} ${path} → ${res.status} ${bytes.toString().slice(0, 160)}`);
        return null;
      }
      const wrong = options.check?.(answer) ?? null;
      this.recorder.record(kind, startedAt, wrong === null, wrong ? `${method} ${path}: ${wrong}` : undefined);
      return wrong === null ? answer : null;
    } catch (error) {
      this.recorder.record(kind, startedAt, false, `${method} ${path}: ${(error as Error).message}`);
      return null;
    }
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(Math.random() * list.length)]!;
  }

  /** Opens `count` event streams spread over everyone (some people have two tabs open). */
  async openStreams(count: number): Promise<LiveStream[]> {
    const people = [...this.teachers.map((t) => ({ userId: t.userId, cookie: t.cookie })), ...this.families.map((f) => ({ userId: f.userId, cookie: f.cookie }))];
    const streams: LiveStream[] = [];
    for (let i = 0; i < count; i++) {
      const person = people[i % people.length]!;
      const res = await fetch(`${this.base}/api/live`, { headers: { cookie: person.cookie } });
      if (res.status !== 200 || !res.body) throw new Error(`GET /api/live: ${res.status}`);
      const stream = new LiveStream(person.userId, res.body);
      streams.push(stream);
      this.streamsOf.set(person.userId, [...(this.streamsOf.get(person.userId) ?? []), stream]);
    }
    return streams;
  }

  /** Pages as a browser first asks for them: the server renders the landing pages with their data. */
  async page(): Promise<void> {
    const teacher = this.pick(this.teachers);
    const path = this.pick(["/", "/find-teachers", `/teacher/profile/${teacher.teacherId}`]);
    await this.call("page", "GET", path, { headers: { accept: "text/html" }, check: (a) => (a.body.includes("<html") ? null : "not an HTML page") });
  }

  /** The API reads behind browsing: public profiles and calendars, and a signed-in person's own lists. */
  async browse(): Promise<void> {
    const family = this.pick(this.families);
    const teacher = this.pick(this.teachers);
    const reads: [string, string | undefined][] = [
      ["/api/landing/stats", undefined],
      [`/api/teachers/${teacher.teacherId}/public`, undefined],
      [`/api/teachers/${teacher.teacherId}/slots?month=${monthFromNow(0)}&timeZone=America%2FNew_York&type=full`, undefined],
      ["/api/messages/conversations", family.cookie],
      [`/api/messages/conversations/${family.conversationId}/messages?limit=20`, family.cookie],
      [`/api/classes/${family.classId}`, family.cookie],
      ["/api/bookings/mine", family.cookie],
      ["/api/bookings/requests", family.teacher.cookie],
      ["/api/messages/unread", family.teacher.cookie],
    ];
    const [path, cookie] = this.pick(reads);
    await this.call("browse", "GET", path, cookie ? { cookie } : {});
  }

  async search(): Promise<void> {
    const instrument = this.pick(["piano", "guitar", "violin", "voice", "drums"]);
    const location = this.pick(["New%20York%2C%20NY", "Austin%2C%20TX", "10001", "Chicago%2C%20IL", ""]);
    const distance = location ? this.pick(["10", "25", "50", "any"]) : "any";
    await this.call("search", "GET", `/api/search/teachers?instrument=${instrument}&location=${location}&distance=${distance}&minRating=any`);
  }

  /** A family asks for a lesson at an open time of its teacher's calendar; the teacher accepts it. */
  async bookAndAccept(): Promise<void> {
    const start = Math.floor(Math.random() * this.families.length);
    let family: SoakFamily | undefined;
    for (let i = 0; i < this.families.length && !family; i++) {
      const candidate = this.families[(start + i) % this.families.length]!;
      if (!this.busyTeachers.has(candidate.teacher.teacherId)) family = candidate;
    }
    if (!family) {
      this.skippedBookings++;
      return;
    }
    const teacher = family.teacher;
    this.busyTeachers.add(teacher.teacherId);
    try {
      const slots: string[] = [];
      for (const month of [monthFromNow(0), monthFromNow(1)]) {
        const answer = await this.call("browse", "GET", `/api/teachers/${teacher.teacherId}/slots?month=${month}&timeZone=America%2FNew_York&type=full`, {
          cookie: family.cookie,
        });
        if (!answer) return;
        for (const day of Object.values((answer.json() as SlotsResponse).days)) slots.push(...day.map((slot) => slot.startsAt));
      }
      if (slots.length === 0) {
        this.skippedBookings++;
        return;
      }
      const booked = await this.call("book", "POST", "/api/bookings", {
        cookie: family.cookie,
        expected: 201,
        body: { teacherId: teacher.teacherId, studentId: family.studentId, bookingType: "full", startTimes: [this.pick(slots)], format: "in_person" },
      });
      if (!booked) return;
      const bookingId = (booked.json() as { bookings: { id: string }[] }).bookings[0]!.id;
      this.ledger.bookings.set(bookingId, "pending");
      const accepted = await this.call("accept", "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacher.cookie, body: {} });
      if (accepted) this.ledger.bookings.set(bookingId, "accepted");
    } finally {
      this.busyTeachers.delete(teacher.teacherId);
    }
  }

  /** A message from one side of a family's conversation; every stream of the other side must show it. */
  async message(): Promise<void> {
    const n = this.messages++;
    const family = this.families[n % this.families.length]!;
    const fromParent = Math.floor(n / this.families.length) % 2 === 0;
    const [cookie, recipientUserId] = fromParent ? [family.cookie, family.teacher.userId] : [family.teacher.cookie, family.userId];
    // The streams open now: one that ends later is reported as ended, not as a lost delivery.
    const streams = (this.streamsOf.get(recipientUserId) ?? []).filter((s) => !s.ended);
    const answer = await this.call("message", "POST", `/api/messages/conversations/${family.conversationId}/messages`, {
      cookie,
      expected: 201,
      body: { text: `soak message ${n} ${randomUUID()}` },
    });
    if (answer) this.ledger.messages.push({ id: (answer.json() as { id: string }).id, recipientUserId, streams });
  }

  /** A teacher uploads a class file (a distinct PDF each time) or, one upload in four, a new intro video. */
  async upload(): Promise<void> {
    const n = this.uploads++;
    if (n % 4 === 3) {
      const teacher = this.teachers[Math.floor(n / 4) % this.teachers.length]!;
      // One upload at a time per teacher, so the video the ledger names is the one published last.
      if (!this.busyTeachers.has(teacher.teacherId)) return this.uploadIntroVideo(teacher);
    }
    const family = this.pick(this.families);
    const pdf = soakPdf(64 * 1024 + Math.floor(Math.random() * 192 * 1024));
    const answer = await this.call("upload", "POST", `/api/classes/${family.classId}/files`, {
      cookie: family.teacher.cookie,
      body: pdf,
      expected: 201,
      headers: { "content-type": "application/pdf", "x-file-name": `soak-${n}.pdf` },
    });
    if (answer) this.ledger.classFiles.push({ family, fileId: (answer.json() as { id: string }).id, sha: sha256(pdf) });
  }

  async uploadIntroVideo(teacher: SoakTeacher, kind: Kind = "upload"): Promise<void> {
    this.busyTeachers.add(teacher.teacherId);
    try {
      const answer = await this.call(kind, "PUT", "/api/teachers/me/intro-video", { cookie: teacher.cookie, body: INTRO_VIDEO, headers: { "content-type": "video/mp4" } });
      if (answer) this.ledger.introVideos.set(teacher.teacherId, (answer.json() as { introVideoUrl: string }).introVideoUrl.split("?")[0]!);
    } finally {
      this.busyTeachers.delete(teacher.teacherId);
    }
  }

  /** A visitor plays part of an intro video (a ranged read), or a family opens a class file whole. */
  async download(): Promise<void> {
    const videos = [...this.ledger.introVideos.values()];
    if (this.downloads++ % 2 === 0 && videos.length > 0) {
      const from = Math.floor(Math.random() * (INTRO_VIDEO.length - 1));
      const to = Math.min(INTRO_VIDEO.length - 1, from + Math.floor(Math.random() * 16 * 1024));
      const wanted = INTRO_VIDEO.subarray(from, to + 1);
      await this.call("download", "GET", this.pick(videos), {
        headers: { range: `bytes=${from}-${to}` },
        expected: 206,
        check: (a) => (a.body.equals(wanted) ? null : `bytes ${from}-${to} differ from the uploaded video`),
      });
      return;
    }
    if (this.ledger.classFiles.length === 0) return;
    const file = this.pick(this.ledger.classFiles);
    await this.call("download", "GET", `/api/classes/${file.family.classId}/files/${file.fileId}`, {
      cookie: file.family.cookie,
      check: (a) => (sha256(a.body) === file.sha ? null : "the file differs from the one uploaded"),
    });
  }

  /**
   * Reads back every uploaded file through the API (the family's class files whole, each teacher's
   * current intro video whole) and compares it with what was sent. Returns how many were not found
   * or differ, with a few of them in words.
   */
  async readBackFiles(): Promise<{ checked: number; lost: number; details: string[] }> {
    let lost = 0;
    const details: string[] = [];
    const fail = (what: string) => {
      lost++;
      if (details.length < 10) details.push(what);
    };
    for (const file of this.ledger.classFiles) {
      const res = await fetch(`${this.base}/api/classes/${file.family.classId}/files/${file.fileId}`, { headers: { cookie: file.family.cookie } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || sha256(body) !== file.sha) fail(`class file ${file.fileId}: ${res.status}`);
    }
    for (const [teacherId, path] of this.ledger.introVideos) {
      const res = await fetch(this.base + path);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || sha256(body) !== INTRO_VIDEO_SHA) fail(`intro video of ${teacherId}: ${res.status}`);
    }
    return { checked: this.ledger.classFiles.length + this.ledger.introVideos.size, lost, details };
  }
}

/** "yyyy-MM" of the UTC month `offset` months from now. */
function monthFromNow(offset: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** A real, distinct PDF of about `bytes` bytes (a unique comment, padding, and the end-of-file marker). */
function soakPdf(bytes: number): Buffer {
  const head = `%PDF-1.4\n% soak ${randomUUID()}\n`;
  const tail = "1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
  const line = `% ${"x".repeat(77)}\n`;
  const padding = line.repeat(Math.max(0, Math.floor((bytes - head.length - tail.length) / line.length)));
  return Buffer.from(head + padding + tail);
}
