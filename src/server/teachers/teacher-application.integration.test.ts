import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { introVideoBytes, teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { cookieHeader, send, signIn } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { teacherAvailability, teacherInstruments, teacherProfiles, user, userRoles } from "../db/schema";
import { signUploadToken } from "./upload-token";

const t = testAppForFile();

type Body = ReturnType<typeof teacherApplicationBody>;
const apply = (body: unknown) => send(t, "POST", "/api/teachers", { body: body as Record<string, unknown> });

const MB = 1024 * 1024;
const videoFolder = (teacherId: string) => path.join(t.deps.env.dataDir, "uploads", "teacher-videos", teacherId);
const storedFiles = (teacherId: string) => (existsSync(videoFolder(teacherId)) ? readdirSync(videoFolder(teacherId)).sort() : []);

/**
 * The first boxes of an MP4 of `total` bytes: 'ftyp', an empty 'moov', and the header of an 'mdat'
 * holding the rest, so the container's structure is whole and the filler is its media data.
 */
function mp4Head(total: number): Uint8Array {
  const ftyp = [0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isommp41")];
  const moov = [0, 0, 0, 8, ...Buffer.from("moov")];
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(total - ftyp.length - moov.length, 0);
  mdat.write("mdat", 4, "latin1");
  return new Uint8Array([...ftyp, ...moov, ...mdat]);
}

/** A minimal structurally whole WebM (EBML header, then a Segment) of about `size` bytes. */
function webmBytes(size = 2000): Uint8Array<ArrayBuffer> {
  const segmentSize = Math.max(0, size - 20);
  const sizeVint = [0x08, 0, 0, 0, 0, 0, 0, 0];
  const vint = Buffer.from(sizeVint);
  vint.writeUInt32BE(segmentSize, 4);
  return new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77, 0x18, 0x53, 0x80, 0x67, ...vint, ...new Uint8Array(segmentSize).fill(7)]);
}

/** A body of `megabytes` MB made one reused chunk at a time: never held in memory whole. */
function generatedVideo(megabytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(MB);
  chunk.set(mp4Head(megabytes * MB));
  const filler = new Uint8Array(MB);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === megabytes) return controller.close();
      controller.enqueue(sent === 0 ? chunk : filler);
      sent++;
    },
  });
}

async function putVideo(
  body: BodyInit | null,
  options: { cookie?: string; token?: string; contentType?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "video/mp4", ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token !== undefined) headers["x-upload-token"] = options.token;
  const response = await t.app.request("/api/teachers/me/intro-video", {
    method: "PUT",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Record<string, any>, headers: response.headers };
}

const getFile = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

async function profileOf(teacherId: string) {
  const [row] = await t.deps.db.select().from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row!;
}

describe("POST /api/teachers (Become a Teacher)", () => {
  it("creates the account, teacher role, hidden profile, instruments and availability, and signs the teacher in (issue 41)", async () => {
    const body = teacherApplicationBody({
      personal: { email: "  Clara.Applicant@Example.TEST ", timeZone: "America/Denver" },
      // Monday-first as the wizard lists them; days are stored 0 = Sunday (decisions.md).
      availability: [
        { dayOfWeek: 1, startTime: "09:00", endTime: "17:00" },
        { dayOfWeek: 2, startTime: "", endTime: "" },
        { dayOfWeek: 6, startTime: "10:30", endTime: "12:00" },
        { dayOfWeek: 0, startTime: "13:00", endTime: "15:30" },
      ],
      screening: { priorComplaints: false, complaintExplanation: "ignored when there were none" },
    });
    const res = await apply(body);
    expect(res.status).toBe(201);
    // Signed in at once, as a parent's sign-up is: the cookie opens the teacher's dashboard.
    const cookie = cookieHeader(res.headers);
    expect(cookie).toContain("better-auth.session_token=");
    const me = await send(t, "GET", "/api/session", { cookie });
    expect(me.json).toMatchObject({ role: "teacher", user: { email: "clara.applicant@example.test" } });
    expect((await send(t, "GET", "/api/teachers/me/dashboard", { cookie })).status).toBe(200);
    // "Application received" (issue 41): what happens next, where to follow it, whom to ask.
    const { mail, link } = await lastMail(t, "clara.applicant@example.test", "application-received");
    expect(mail.subject).toBe("We received your teacher application");
    expect(mail.textBody).toContain("our team reviews every application before families can find a teacher in search");
    expect(mail.textBody).toContain(`Write to ${t.deps.env.SUPPORT_EMAIL}.`);
    expect(link?.pathname).toBe("/teacher-landing");
    expect(res.json).toEqual({
      teacherId: expect.any(String),
      uploadToken: expect.stringContaining(res.json.teacherId),
      uploadTokenExpiresAt: expect.any(String),
      mustConfirmEmail: false,
      signedIn: true,
      redirectTo: "/teacher-landing",
    });
    const minutesValid = (Date.parse(res.json.uploadTokenExpiresAt) - Date.now()) / 60_000;
    expect(minutesValid).toBeGreaterThan(29);
    expect(minutesValid).toBeLessThanOrEqual(30);

    const [account] = await t.deps.db.select().from(user).where(eq(user.email, "clara.applicant@example.test"));
    expect(account?.name).toBe("Clara Wieck");
    const [role] = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, account!.id));
    expect(role?.activeRole).toBe("teacher");

    const profile = await profileOf(res.json.teacherId);
    expect(profile).toMatchObject({
      userId: account!.id,
      firstName: "Clara",
      lastName: "Wieck",
      email: "clara.applicant@example.test",
      phone: "(512) 555-0199",
      city: "Austin",
      state: "TX",
      timeZone: "America/Denver",
      bio: "Concert pianist who loves teaching beginners.",
      hasTransportation: true,
      inPersonPlace: "family_home",
      educationBackground: "Conservatory",
      teachingExperienceYears: "5+",
      ageGroupsTaught: ["Kids 5-10", "Adults"],
      teachingMethods: ["Traditional", "Suzuki"],
      teachingStyleDescription: "Warm, patient and structured.",
      lessonFormat: "both",
      platformExperience: "Zoom, Google Meet",
      videoConferenceExperience: true,
      backgroundCheckConsent: true,
      priorComplaints: false,
      complaintExplanation: null,
      canProvideReferences: true,
      hourlyRateMin: 40,
      hourlyRateMax: 70,
      introVideoUrl: null,
      isDiscoverable: false,
      discoveryEnabledAt: null,
    });

    // Geocoded from city and state in the same transaction (search feature's gazetteer): Austin, TX.
    expect(profile.latitude).toBeCloseTo(30.27, 1);
    expect(profile.longitude).toBeCloseTo(-97.74, 1);

    const instruments = await t.deps.db
      .select({ instrument: teacherInstruments.instrument, years: teacherInstruments.yearsTeaching, level: teacherInstruments.proficiencyLevel })
      .from(teacherInstruments)
      .where(eq(teacherInstruments.teacherId, profile.id))
      .orderBy(teacherInstruments.instrument);
    expect(instruments).toEqual([
      { instrument: "piano", years: 0, level: "Advanced" },
      { instrument: "voice", years: 0, level: "Advanced" },
    ]);

    const windows = await t.deps.db
      .select({ day: teacherAvailability.dayOfWeek, start: teacherAvailability.startTime, end: teacherAvailability.endTime, format: teacherAvailability.format })
      .from(teacherAvailability)
      .where(eq(teacherAvailability.teacherId, profile.id))
      .orderBy(teacherAvailability.dayOfWeek);
    // Tuesday had no times: not saved.
    expect(windows).toEqual([
      { day: 0, start: "13:00:00", end: "15:30:00", format: "both" },
      { day: 1, start: "09:00:00", end: "17:00:00", format: "both" },
      { day: 6, start: "10:30:00", end: "12:00:00", format: "both" },
    ]);

    // Later, the teacher signs in again with the Teacher role.
    const again = await signIn(t, "teacher", "clara.applicant@example.test", "clara-password");
    expect((await send(t, "GET", "/api/session", { cookie: again })).json.role).toBe("teacher");
  });

  it("keeps the complaint explanation when there were complaints, and accepts any real time zone", async () => {
    for (const timeZone of ["UTC", "Asia/Kolkata", "Europe/Berlin"]) {
      const res = await apply(
        teacherApplicationBody({
          personal: { timeZone },
          availability: [],
          screening: { priorComplaints: true, complaintExplanation: "A scheduling dispute in 2019, resolved." },
        }),
      );
      expect(res.status, res.text).toBe(201);
      const profile = await profileOf(res.json.teacherId);
      expect(profile.timeZone).toBe(timeZone);
      expect(profile.complaintExplanation).toBe("A scheduling dispute in 2019, resolved.");
    }
  });

  it.each<[string, Parameters<typeof teacherApplicationBody>[0], string, string]>([
    ["a short password", { personal: { password: "short", confirmPassword: "short" } }, "personal.password", "Password must be at least 8 characters long"],
    ["a different confirmation", { personal: { confirmPassword: "something-else" } }, "personal.confirmPassword", "Passwords do not match"],
    ["a bad email", { personal: { email: "nope" } }, "personal.email", "Please enter a valid email address"],
    ["no phone", { personal: { phone: "  " } }, "personal.phone", "Phone is required"],
    ["a phone with letters", { personal: { phone: "call me" } }, "personal.phone", "Phone may contain only digits, spaces and ( ) + - ."],
    ["no city", { personal: { city: "" } }, "personal.city", "City is required"],
    ["no state", { personal: { state: "" as "TX" } }, "personal.state", "Choose your state"],
    ["an unknown state", { personal: { state: "XX" as "TX" } }, "personal.state", "Choose your state"],
    ["an unknown time zone", { personal: { timeZone: "Mars/Olympus_Mons" } }, "personal.timeZone", "Choose a valid time zone"],
    ["no instrument", { teaching: { instruments: [] } }, "teaching.instruments", "Choose at least one instrument"],
    ["an unknown instrument", { teaching: { instruments: ["kazoo" as "piano"] } }, "teaching.instruments.0", "Choose instruments from the list"],
    ["no experience", { teaching: { teachingExperienceYears: "" as "5+" } }, "teaching.teachingExperienceYears", "Choose your teaching experience from the list"],
    ["no education", { teaching: { educationBackground: "" as "Degree" } }, "teaching.educationBackground", "Choose an education background from the list"],
    ["no teaching style", { teaching: { teachingStyleDescription: "   " } }, "teaching.teachingStyleDescription", "Teaching style description is required"],
    ["min rate above max", { teaching: { hourlyRateMin: 80, hourlyRateMax: 60 } }, "teaching.hourlyRateMin", "Minimum hourly rate cannot be greater than maximum rate"],
    ["a negative rate", { teaching: { hourlyRateMin: -5 } }, "teaching.hourlyRateMin", "Minimum hourly rate must be a whole number from 0 to 10000"],
    ["a fractional rate", { teaching: { hourlyRateMax: 70.5 } }, "teaching.hourlyRateMax", "Maximum hourly rate must be a whole number from 0 to 10000"],
    ["an unknown method", { teaching: { teachingMethods: ["Shouting" as "Suzuki"] } }, "teaching.teachingMethods.0", "Choose teaching methods from the list"],
    ["an end before the start", { availability: [{ dayOfWeek: 3, startTime: "17:00", endTime: "09:00" }] }, "availability.days.0.endTime", "End time must be after start time"],
    ["an end equal to the start", { availability: [{ dayOfWeek: 3, startTime: "09:00", endTime: "09:00" }] }, "availability.days.0.endTime", "End time must be after start time"],
    ["only a start time", { availability: [{ dayOfWeek: 3, startTime: "09:00", endTime: "" }] }, "availability.days.0.endTime", "Enter both a start and an end time, or leave both empty"],
    ["a time that is not one", { availability: [{ dayOfWeek: 3, startTime: "9am", endTime: "17:00" }] }, "availability.days.0.startTime", "Enter a time such as 09:00"],
    ["a day 7", { availability: [{ dayOfWeek: 7, startTime: "09:00", endTime: "10:00" }] }, "availability.days.0.dayOfWeek", "Choose a day"],
    [
      "a day listed twice",
      { availability: [{ dayOfWeek: 3, startTime: "09:00", endTime: "10:00" }, { dayOfWeek: 3, startTime: "11:00", endTime: "12:00" }] },
      "availability.days.1.dayOfWeek",
      "Each day can be listed once",
    ],
    ["no background check consent", { screening: { backgroundCheckConsent: false as true } }, "screening.backgroundCheckConsent", "You must consent to a background check to apply"],
    ["complaints without explanation", { screening: { priorComplaints: true, complaintExplanation: " " } }, "screening.complaintExplanation", "Please explain the prior complaints"],
  ])("refuses %s with 400 and changes nothing", async (_label, overrides, field, message) => {
    const before = await tableCounts(t);
    const res = await apply(teacherApplicationBody(overrides));
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("refuses an address that already has an account with 409, and changes nothing", async () => {
    const existing = await createParent(t.deps);
    const before = await tableCounts(t);
    const res = await apply(teacherApplicationBody({ personal: { email: existing.email.toUpperCase() } }));
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("An account with this email already exists. Please sign in instead.");
    expect(res.json.error.fields["personal.email"]).toBe(res.json.error.message);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("is all or nothing: when the availability cannot be stored, no account, role, profile or instrument exists", async () => {
    // A trigger that fails the last insert of the transaction, to prove the earlier ones roll back.
    await t.deps.db.execute(sql`
      create or replace function fail_availability_insert() returns trigger language plpgsql as $$
      begin
        if new.start_time = '06:06:00' then raise exception 'availability insert failed'; end if;
        return new;
      end $$`);
    await t.deps.db.execute(sql`
      create trigger fail_availability_insert before insert on teacher_availability
      for each row execute function fail_availability_insert()`);
    try {
      const body: Body = teacherApplicationBody({ availability: [{ dayOfWeek: 5, startTime: "06:06", endTime: "08:00" }] });
      const before = await tableCounts(t);
      const res = await apply(body);
      expect(res.status).toBe(500);
      expect(await tableCounts(t)).toEqual(before);
      expect(await t.deps.db.select().from(user).where(eq(user.email, body.personal.email))).toEqual([]);
    } finally {
      await t.deps.db.execute(sql`drop trigger fail_availability_insert on teacher_availability`);
      await t.deps.db.execute(sql`drop function fail_availability_insert()`);
    }
  });
});

describe("PUT /api/teachers/me/intro-video and GET /api/files/teacher-videos/…", () => {
  it("five uploads racing with one token: exactly one is stored, the others are told the link was used", async () => {
    const { teacherId, uploadToken } = (await apply(teacherApplicationBody())).json as { teacherId: string; uploadToken: string };
    const video = introVideoBytes();
    const results = await Promise.all(Array.from({ length: 5 }, () => putVideo(video, { token: uploadToken })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403]);
    expect(storedFiles(teacherId)).toEqual(["intro-video.mp4"]);
  });

  it("an MP4 header followed by HTML is not a video: 415, nothing stored, and the token can be used again", async () => {
    const { teacherId, uploadToken } = (await apply(teacherApplicationBody())).json as { teacherId: string; uploadToken: string };
    const disguised = Buffer.concat([introVideoBytes().subarray(0, 32), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const res = await putVideo(disguised, { token: uploadToken });
    expect(res.status).toBe(415);
    expect(storedFiles(teacherId)).toEqual([]);
    expect((await profileOf(teacherId)).introVideoUrl).toBeNull();
    expect((await putVideo(introVideoBytes(), { token: uploadToken })).status).toBe(200);
  });

  it("uploads with the application's token, once; the video is served whole and by byte range", async () => {
    const applied = await apply(teacherApplicationBody());
    const { teacherId, uploadToken } = applied.json as { teacherId: string; uploadToken: string };
    const video = introVideoBytes();

    const res = await putVideo(video, { token: uploadToken });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.introVideoUrl).toMatch(new RegExp(`^/api/files/teacher-videos/${teacherId}/intro-video\\.mp4\\?v=\\d+$`));
    expect((await profileOf(teacherId)).introVideoUrl).toBe(res.json.introVideoUrl);
    expect(storedFiles(teacherId)).toEqual(["intro-video.mp4"]);

    const whole = await getFile(res.json.introVideoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-length")).toBe(String(video.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await getFile(res.json.introVideoUrl, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${video.length}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);

    const tail = await getFile(res.json.introVideoUrl, { range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);

    const beyond = await getFile(res.json.introVideoUrl, { range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${video.length}`);

    const head = await t.app.request(res.json.introVideoUrl, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(video.length));

    // The token authorizes one upload: with a video in place it no longer works.
    const again = await putVideo(video, { token: uploadToken });
    expect(again.status).toBe(403);
    expect(again.json.error.message).toBe("This upload link has already been used. Sign in to change your video.");
  });

  it("refuses expired, tampered and foreign-secret tokens with 401, storing nothing", async () => {
    const teacher = await createTeacher(t.deps);
    const secret = t.deps.env.AUTH_SECRET;
    const valid = signUploadToken(secret, teacher.teacherId, new Date(Date.now() + 60_000));
    const tokens = {
      expired: signUploadToken(secret, teacher.teacherId, new Date(Date.now() - 1000)),
      tampered: valid.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 86_400}.`),
      otherSecret: signUploadToken("some-other-secret-some-other-secret-000", teacher.teacherId, new Date(Date.now() + 60_000)),
      garbage: "not-a-token",
      empty: "",
    };
    for (const [label, token] of Object.entries(tokens)) {
      const res = await putVideo(introVideoBytes(), { token });
      expect(res.status, label).toBe(401);
      expect(res.json.error.message, label).toBe("This upload link has expired. Please sign in to upload your video.");
    }
    expect(storedFiles(teacher.teacherId)).toEqual([]);
    expect((await profileOf(teacher.teacherId)).introVideoUrl).toBeNull();
  });

  it("lets a signed-in teacher replace their video atomically, even with another type; the old file is gone", async () => {
    const teacher = await createTeacher(t.deps);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const first = await putVideo(introVideoBytes(), { cookie });
    expect(first.status).toBe(200);

    const webm = webmBytes();
    const second = await putVideo(webm, { cookie, contentType: "video/webm" });
    expect(second.status).toBe(200);
    expect(second.json.introVideoUrl).toContain(`/api/files/teacher-videos/${teacher.teacherId}/intro-video.webm?v=`);
    expect(storedFiles(teacher.teacherId)).toEqual(["intro-video.webm"]);
    expect((await getFile(first.json.introVideoUrl)).status).toBe(404);
    const served = await getFile(second.json.introVideoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/webm");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(webm);
  });

  it("refuses 101 MB with 413 while streaming, and stores nothing (the old video stays)", async () => {
    const teacher = await createTeacher(t.deps);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const kept = await putVideo(introVideoBytes(), { cookie });
    expect(kept.status).toBe(200);

    const streamed = await putVideo(generatedVideo(101), { cookie });
    expect(streamed.status).toBe(413);
    expect(streamed.json.error.message).toBe("Video file size must be less than 100MB");

    // A declared length over the limit is refused before a byte is read.
    const declared = await putVideo(generatedVideo(1), { cookie, headers: { "content-length": String(101 * MB) } });
    expect(declared.status).toBe(413);
    expect(declared.json.error.message).toBe("Video file size must be less than 100MB");

    expect(storedFiles(teacher.teacherId)).toEqual(["intro-video.mp4"]);
    expect((await profileOf(teacher.teacherId)).introVideoUrl).toBe(kept.json.introVideoUrl);
    const served = await getFile(kept.json.introVideoUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(introVideoBytes())).toBe(true);
  });

  it("accepts a video of exactly 100 MB", async () => {
    const teacher = await createTeacher(t.deps);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const res = await putVideo(generatedVideo(100), { cookie });
    expect(res.status).toBe(200);
    const head = await t.app.request(res.json.introVideoUrl, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(100 * MB));
  });

  it.each([
    ["a text file called .mp4", new TextEncoder().encode("These are my lesson notes, not a video.\n".repeat(50)), "video/mp4"],
    ["a PNG image", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(100)]), "video/mp4"],
    ["a JSON body", new TextEncoder().encode('{"video":"yes"}'), "application/json"],
    ["an empty body", new Uint8Array(), "video/mp4"],
  ])("refuses %s with 415 and stores nothing", async (_label, bytes, contentType) => {
    const teacher = await createTeacher(t.deps);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const res = await putVideo(bytes, { cookie, contentType });
    expect(res.status).toBe(415);
    expect(res.json.error.message).toBe("Please upload a valid video file");
    expect(storedFiles(teacher.teacherId)).toEqual([]);
    expect((await profileOf(teacher.teacherId)).introVideoUrl).toBeNull();
  });

  it("uploads onto the uploader's own profile only: another teacher's upload never touches this one's video", async () => {
    const [a, b] = [await createTeacher(t.deps), await createTeacher(t.deps)];
    const cookieA = await signIn(t, "teacher", a.email, a.password);
    const cookieB = await signIn(t, "teacher", b.email, b.password);
    const mine = await putVideo(introVideoBytes(), { cookie: cookieA });
    const theirs = await putVideo(webmBytes(), { cookie: cookieB, contentType: "video/webm" });
    expect(theirs.status).toBe(200);
    expect(theirs.json.introVideoUrl).toContain(`/teacher-videos/${b.teacherId}/`);
    expect(storedFiles(a.teacherId)).toEqual(["intro-video.mp4"]);
    expect((await profileOf(a.teacherId)).introVideoUrl).toBe(mine.json.introVideoUrl);
    // B's session with A's expired token is still refused: the token, when sent, decides alone.
    const expired = signUploadToken(t.deps.env.AUTH_SECRET, a.teacherId, new Date(Date.now() - 1));
    expect((await putVideo(introVideoBytes(), { cookie: cookieB, token: expired })).status).toBe(401);
    expect(storedFiles(a.teacherId)).toEqual(["intro-video.mp4"]);
  });

  it("refuses parents (403) and anonymous callers (401)", async () => {
    const parent = await createParent(t.deps);
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const asParent = await putVideo(introVideoBytes(), { cookie });
    expect(asParent.status).toBe(403);
    const anonymous = await putVideo(introVideoBytes());
    expect(anonymous.status).toBe(401);
  });

  it("serves only a teacher's current video: unknown ids, other names and traversal attempts are 404", async () => {
    const teacher = await createTeacher(t.deps);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const { json } = await putVideo(introVideoBytes(), { cookie });
    expect((await getFile(json.introVideoUrl)).status).toBe(200);
    const base = `/api/files/teacher-videos/${teacher.teacherId}`;
    for (const url of [
      `${base}/intro-video.webm`,
      `${base}/intro-video.txt`,
      `${base}/..%2F..%2F..%2Fauth-secret`,
      `${base}/%2e%2e`,
      `/api/files/teacher-videos/not-a-uuid/intro-video.mp4`,
      `/api/files/teacher-videos/00000000-0000-4000-8000-000000000000/intro-video.mp4`,
      `/api/files/teacher-videos/${teacher.teacherId}/..%5Cintro-video.mp4`,
    ]) {
      expect((await getFile(url)).status, url).toBe(404);
    }
    // A video the profile no longer names (removed in settings) is not served either.
    await t.deps.db.update(teacherProfiles).set({ introVideoUrl: null }).where(eq(teacherProfiles.id, teacher.teacherId));
    expect((await getFile(json.introVideoUrl)).status).toBe(404);
  });
});
