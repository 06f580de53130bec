import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { INSTRUMENT_KEYS } from "../../../shared/teachers/teachers.constants";
import { createAuth, type Auth } from "../../auth/auth";
import { loadEnv } from "../../env";
import { createMailer } from "../../mail/mailer";
import pino from "pino";
import { openPglite, type Database, type DatabaseHandle } from "../client";
import {
  account,
  bookings,
  classes,
  parentProfiles,
  reviews,
  studentProfiles,
  studentRepertoire,
  teacherAvailability,
  teacherInstruments,
  teacherProfiles,
  user,
  userRoles,
} from "../schema";
import { buildDemoTeachers } from "./demo-data";
import { DEMO_CITIES } from "./demo-tables";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from "./demo-seed";

let handle: DatabaseHandle;
let db: Database;
let auth: Auth;
let dataDir: string;
let seeded: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

async function tableCounts() {
  const tables = {
    user,
    account,
    userRoles,
    teacherProfiles,
    teacherInstruments,
    teacherAvailability,
    parentProfiles,
    studentProfiles,
    studentRepertoire,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

// The seed needs an empty database; the PostgreSQL run shares one database between test files.
const onPglite = process.env.TEST_DB !== "postgres";

beforeAll(async () => {
  if (!onPglite) return;
  dataDir = mkdtempSync(path.join(tmpdir(), "demo-seed-"));
  const env = loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32), LOG_LEVEL: "silent" });
  handle = await openPglite({ loadDataDir: new Blob([readFileSync(inject("pgliteDump"))]) });
  db = handle.db;
  const logger = pino({ level: "silent" });
  auth = createAuth(db, env, createMailer(db, logger, { smtpUrl: undefined, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") }), logger);
  seeded = await seedDemoIfEmpty(db, auth);
}, 30_000);

afterAll(async () => {
  await handle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(onPglite)("seedDemoIfEmpty", () => {
  it("seeds an empty database with one password hash for every account, and reports what it made", async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.teachers).toBeGreaterThanOrEqual(60);
    expect(seeded!.parents).toBe(1);
    expect(seeded!.students).toBe(2);
    // What keeps a first start snappy: the password is hashed once (scrypt is slow on purpose), not
    // per account. Checked by what is stored, not by a time limit (the shared machine's load made a
    // 3 s limit fail; the seed's time is printed by npm run bench:slots).
    const hashes = await db.selectDistinct({ password: account.password }).from(account).where(eq(account.providerId, "credential"));
    expect(hashes).toHaveLength(1);
  });

  it("makes every teacher discoverable, with coordinates and a weekly schedule", async () => {
    const teachers = await db
      .select({
        id: teacherProfiles.id,
        isDiscoverable: teacherProfiles.isDiscoverable,
        discoveryEnabledAt: teacherProfiles.discoveryEnabledAt,
        latitude: teacherProfiles.latitude,
        longitude: teacherProfiles.longitude,
        rateMin: teacherProfiles.hourlyRateMin,
        rateMax: teacherProfiles.hourlyRateMax,
        bio: teacherProfiles.bio,
      })
      .from(teacherProfiles);
    expect(teachers.length).toBe(seeded!.teachers);
    for (const t of teachers) {
      expect(t.isDiscoverable).toBe(true);
      expect(t.discoveryEnabledAt).toBeInstanceOf(Date);
      expect(t.latitude).not.toBeNull();
      expect(t.longitude).not.toBeNull();
      expect(t.rateMin).toBeLessThanOrEqual(t.rateMax);
      expect(t.bio.length).toBeGreaterThan(80);
    }
    const withAvailability = await db
      .selectDistinct({ teacherId: teacherAvailability.teacherId })
      .from(teacherAvailability);
    expect(withAvailability.length).toBe(teachers.length);
  });

  it("covers every instrument and at least 15 cities", async () => {
    const rows = await db
      .selectDistinct({ instrument: teacherInstruments.instrument })
      .from(teacherInstruments)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherInstruments.teacherId))
      .where(and(eq(teacherProfiles.isDiscoverable, true), isNotNull(teacherProfiles.discoveryEnabledAt)));
    expect(rows.map((r) => r.instrument).sort()).toEqual([...INSTRUMENT_KEYS].sort());

    const cities = await db
      .selectDistinct({ city: teacherProfiles.city, state: teacherProfiles.state })
      .from(teacherProfiles);
    expect(cities.length).toBeGreaterThanOrEqual(15);

    const twoInstruments = await db
      .select({ teacherId: teacherInstruments.teacherId, n: count() })
      .from(teacherInstruments)
      .groupBy(teacherInstruments.teacherId);
    expect(twoInstruments.filter((r) => r.n > 1).length).toBeGreaterThanOrEqual(5);
  });

  it("gives the demo teacher a New York piano profile open every day 09:00-17:00", async () => {
    const [teacher] = await db
      .select({ id: teacherProfiles.id, userId: teacherProfiles.userId, city: teacherProfiles.city, state: teacherProfiles.state, timeZone: teacherProfiles.timeZone })
      .from(teacherProfiles)
      .innerJoin(user, eq(user.id, teacherProfiles.userId))
      .where(eq(user.email, "teacher@demo.test"));
    expect(teacher).toMatchObject({ city: "New York", state: "NY", timeZone: "America/New_York" });

    const slots = await db
      .select({ day: teacherAvailability.dayOfWeek, start: teacherAvailability.startTime, end: teacherAvailability.endTime, format: teacherAvailability.format })
      .from(teacherAvailability)
      .where(eq(teacherAvailability.teacherId, teacher!.id));
    expect(slots.map((s) => s.day).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const s of slots) expect(s).toMatchObject({ start: "09:00:00", end: "17:00:00", format: "both" });

    const instruments = await db
      .select({ instrument: teacherInstruments.instrument })
      .from(teacherInstruments)
      .where(eq(teacherInstruments.teacherId, teacher!.id));
    expect(instruments.map((i) => i.instrument)).toContain("piano");

    const [role] = await db.select().from(userRoles).where(eq(userRoles.userId, teacher!.userId));
    expect(role?.activeRole).toBe("teacher");
  });

  it("gives the demo parent two students with some repertoire", async () => {
    const [parent] = await db
      .select({ id: parentProfiles.id, userId: parentProfiles.userId })
      .from(parentProfiles)
      .innerJoin(user, eq(user.id, parentProfiles.userId))
      .where(eq(user.email, "parent@demo.test"));
    expect(parent).toBeDefined();
    const students = await db
      .select({ id: studentProfiles.id, firstName: studentProfiles.firstName, age: studentProfiles.age })
      .from(studentProfiles)
      .where(eq(studentProfiles.parentId, parent!.id));
    expect(students).toHaveLength(2);
    const [repertoire] = await db.select({ n: count() }).from(studentRepertoire);
    expect(repertoire!.n).toBeGreaterThanOrEqual(2);

    const [role] = await db.select().from(userRoles).where(eq(userRoles.userId, parent!.userId));
    expect(role?.activeRole).toBe("parent");
  });

  it("invents no reviews, bookings or classes", async () => {
    for (const table of [reviews, bookings, classes]) {
      const [row] = await db.select({ n: count() }).from(table);
      expect(row!.n).toBe(0);
    }
  });

  it("does nothing on a database that already has users", async () => {
    const before = await tableCounts();
    expect(await seedDemoIfEmpty(db, auth)).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });

  it("lets both demo accounts sign in with the demo password", async () => {
    for (const { email } of DEMO_ACCOUNTS) {
      const result = await auth.api.signInEmail({ body: { email, password: DEMO_PASSWORD } });
      expect(result.token).toEqual(expect.any(String));
    }
    // A generated teacher is a real account too.
    const result = await auth.api.signInEmail({
      body: { email: "aisha.johnson@teachers.demo.test", password: DEMO_PASSWORD },
    });
    expect(result.token).toEqual(expect.any(String));
  });
});

describe.runIf(onPglite)("buildDemoTeachers", () => {
  const teachers = buildDemoTeachers();

  it("is deterministic", () => {
    expect(buildDemoTeachers()).toEqual(teachers);
  });

  it("uses unique emails and fictional 555-01xx phone numbers", () => {
    expect(new Set(teachers.map((t) => t.email)).size).toBe(teachers.length);
    for (const t of teachers) {
      expect(t.email).toMatch(/^[a-z]+\.[a-z]+@teachers\.demo\.test$/);
      expect(t.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
    }
  });

  it("places teachers only in known cities with that city's zone", () => {
    for (const t of teachers) {
      const city = DEMO_CITIES.find((c) => c.city === t.city && c.state === t.state);
      expect(city).toBeDefined();
      expect(t.timeZone).toBe(city!.timeZone);
    }
  });

  it("never has overlapping windows on one day, and every window ends after it starts", () => {
    for (const t of teachers) {
      expect(t.availability.length).toBeGreaterThan(0);
      for (let day = 0; day <= 6; day++) {
        const windows = t.availability
          .filter((a) => a.dayOfWeek === day)
          .sort((a, b) => a.startTime.localeCompare(b.startTime));
        windows.forEach((w, i) => {
          expect(w.endTime > w.startTime).toBe(true);
          const next = windows[i + 1];
          if (next) expect(w.endTime <= next.startTime).toBe(true);
        });
      }
    }
  });

  it("offers only window formats the teacher's lesson format allows", () => {
    for (const t of teachers) {
      for (const a of t.availability) {
        if (t.lessonFormat !== "both") expect(a.format).toBe(t.lessonFormat);
      }
    }
  });
});
