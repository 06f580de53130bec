import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { TeacherSearchResponse } from "../../shared/search/search.schemas";
import { queryRows } from "../db/client";
import { updateOwnProfile } from "../teachers/teacher-profile.service";

const t = testAppForFile();

// Each test puts its teachers in a town of its own (a made-up name the gazetteer does not know,
// so the search falls back to "city or state contains"), or in a place of its own with its own
// instrument, so rows of other tests never change what it sees.
const uniqueTown = (prefix: string) => `${prefix}ville ${randomUUID().slice(0, 8)}`;

interface TeacherSetup {
  town?: string;
  state?: string;
  point?: { lat: number; lon: number } | null;
  instruments?: string[];
  discoverable?: boolean;
  lessonFormat?: "in_person" | "online" | "both";
  rates?: [number, number];
  experience?: "Less than 1" | "1-3" | "3-5" | "5+";
  firstName?: string;
  reviews?: number[];
  /** Discovery enabled this many minutes ago (relevance tie-break: most recent first). */
  enabledMinutesAgo?: number;
}

async function teacher(setup: TeacherSetup = {}): Promise<string> {
  const { teacherId } = await createTeacher(t.deps, {
    instruments: setup.instruments ?? ["piano"],
    discoverable: setup.discoverable ?? true,
  });
  const [min, max] = setup.rates ?? [40, 60];
  const discoverable = setup.discoverable ?? true;
  const enabledAt = new Date(Date.now() - (setup.enabledMinutesAgo ?? 0) * 60_000);
  await t.deps.db.execute(sql`
    update teacher_profiles set
      first_name = ${setup.firstName ?? "Terry"},
      city = ${setup.town ?? "Austin"},
      state = ${setup.state ?? "TX"},
      latitude = ${setup.point?.lat ?? null}::float8,
      longitude = ${setup.point?.lon ?? null}::float8,
      lesson_format = ${setup.lessonFormat ?? "both"},
      hourly_rate_min = ${min},
      hourly_rate_max = ${max},
      teaching_experience_years = ${setup.experience ?? "3-5"},
      discovery_enabled_at = ${discoverable ? enabledAt.toISOString() : null}::timestamptz
    where id = ${teacherId}`);
  for (const rating of setup.reviews ?? []) {
    const parent = await createParent(t.deps, { students: 0 });
    await t.deps.db.execute(sql`
      insert into reviews (teacher_id, parent_id, rating, body)
      values (${teacherId}, ${parent.parentId}, ${rating}, 'A thoughtful and patient teacher.')`);
  }
  return teacherId;
}

async function search(query: Record<string, string>) {
  const res = await send(t, "GET", `/api/search/teachers?${new URLSearchParams(query).toString()}`);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.json as TeacherSearchResponse;
}

const ids = (response: TeacherSearchResponse) => response.teachers.map((teacher) => teacher.teacherId);

// Known city centres (GeoNames), for distances that can be checked against an atlas.
const AUSTIN = { lat: 30.26715, lon: -97.74306 };
const ROUND_ROCK = { lat: 30.50826, lon: -97.6789 };
const SAN_ANTONIO = { lat: 29.42412, lon: -98.49363 };
const DALLAS = { lat: 32.78306, lon: -96.80667 };

describe("GET /api/search/teachers: who is listed", () => {
  it("lists only discoverable teachers", async () => {
    const town = uniqueTown("Hidden");
    const shown = await teacher({ town });
    const hidden = await teacher({ town, discoverable: false });
    const response = await search({ location: town, minRating: "any" });
    expect(ids(response)).toEqual([shown]);
    expect(ids(response)).not.toContain(hidden);
    expect(response.total).toBe(1);
    expect(response.place).toEqual({ kind: "text", label: town });
  });

  it("answers every card field from real data", async () => {
    const town = uniqueTown("Card");
    const id = await teacher({
      town,
      state: "OR",
      firstName: "Rosa",
      instruments: ["violin", "cello"],
      lessonFormat: "online",
      rates: [45, 70],
      experience: "5+",
      reviews: [5, 4, 4],
    });
    // Cello is taught longer, so it is the primary instrument.
    await t.deps.db.execute(sql`update teacher_instruments set years_teaching = 9 where teacher_id = ${id} and instrument = 'cello'`);
    // Two accepted bookings of one student and a pending one of another: one student.
    const parent = await createParent(t.deps, { students: 2 });
    for (const [index, status] of (["accepted", "accepted", "pending"] as const).entries()) {
      const studentId = index < 2 ? parent.studentIds[0]! : parent.studentIds[1]!;
      const startsAt = new Date(Date.UTC(2031, 0, 6 + index, 15));
      const [slot] = await queryRows<{ id: string }>(
        t.deps.db,
        sql`insert into booking_slots (teacher_id, starts_at, ends_at, format)
            values (${id}, ${startsAt.toISOString()}::timestamptz, ${new Date(startsAt.getTime() + 3_600_000).toISOString()}::timestamptz, 'online')
            returning id`,
      );
      await t.deps.db.execute(sql`
        insert into bookings (slot_id, teacher_id, student_id, parent_id, booking_type, format, status, decided_at)
        values (${slot!.id}, ${id}, ${studentId}, ${parent.parentId}, 'full', 'online', ${status},
                ${status === "pending" ? null : new Date().toISOString()}::timestamptz)`);
    }

    const response = await search({ location: town });
    expect(response.teachers).toEqual([
      {
        teacherId: id,
        fullName: "Rosa Teacher",
        firstName: "Rosa",
        instruments: ["cello", "violin"],
        rating: 4.3,
        reviewCount: 3,
        city: town,
        state: "OR",
        distanceMiles: null,
        totalStudents: 1,
        teachingExperienceYears: "5+",
        lessonFormat: "online",
        hourlyRateMin: 45,
        hourlyRateMax: 70,
      },
    ]);
  });
});

describe("filters", () => {
  it("instrument: teachers who teach it, as any of their instruments", async () => {
    const town = uniqueTown("Instrument");
    const pianist = await teacher({ town, instruments: ["piano"] });
    const violinist = await teacher({ town, instruments: ["violin"] });
    const both = await teacher({ town, instruments: ["piano", "violin"] });
    expect(new Set(ids(await search({ location: town, instrument: "violin" })))).toEqual(new Set([violinist, both]));
    expect(new Set(ids(await search({ location: town, instrument: "piano" })))).toEqual(new Set([pianist, both]));
    expect(ids(await search({ location: town, instrument: "trumpet" }))).toEqual([]);
    expect((await search({ location: town })).total).toBe(3);
  });

  it("instrument: follows the instruments a teacher saves in settings (the filter reads the card's list)", async () => {
    const town = uniqueTown("Switch");
    const id = await teacher({ town, instruments: ["piano"] });
    await updateOwnProfile(t.deps, id, { instruments: ["flute", "cello"] });
    expect(ids(await search({ location: town, instrument: "piano" }))).toEqual([]);
    expect(ids(await search({ location: town, instrument: "flute" }))).toEqual([id]);
    const cello = await search({ location: town, instrument: "cello" });
    expect(ids(cello)).toEqual([id]);
    expect(cello.total).toBe(1);
  });

  it("lesson type: a teacher offering both matches either; Both does not restrict", async () => {
    const town = uniqueTown("Format");
    const inPerson = await teacher({ town, lessonFormat: "in_person" });
    const online = await teacher({ town, lessonFormat: "online" });
    const both = await teacher({ town, lessonFormat: "both" });
    expect(new Set(ids(await search({ location: town, lessonType: "in-person" })))).toEqual(new Set([inPerson, both]));
    // Online ignores the place (the test above), so it is checked on this town's teachers only.
    const onlineIds = ids(await search({ location: town, lessonType: "online" }));
    expect(onlineIds).not.toContain(inPerson);
    expect(new Set(ids(await search({ location: town, lessonType: "both" })))).toEqual(new Set([inPerson, online, both]));
    expect(new Set(ids(await search({ location: town })))).toEqual(new Set([inPerson, online, both]));
  });

  it("Online: a typed place and its distance narrow nothing (online lessons do not depend on distance), and still give distances", async () => {
    // Saxophone: no other test's teacher plays it, so the whole result is this test's.
    const instrument = "saxophone";
    const near = await teacher({ town: "Austin", point: AUSTIN, lessonFormat: "online", instruments: [instrument] });
    const far = await teacher({ town: "Dallas", point: DALLAS, lessonFormat: "both", instruments: [instrument] });
    const farInPerson = await teacher({ town: "Dallas", point: DALLAS, lessonFormat: "in_person", instruments: [instrument] });
    const nowhere = await teacher({ town: "Atlantis", point: null, lessonFormat: "online", instruments: [instrument] });

    const online = await search({ instrument, location: "Austin, TX", distance: "10", lessonType: "online" });
    expect(new Set(ids(online))).toEqual(new Set([near, far, nowhere]));
    expect(online.distanceApplied).toBe(false);
    expect(online.teachers.find((c) => c.teacherId === far)!.distanceMiles).toBeGreaterThan(150);
    // A place typed as text (not on the map) narrows nothing either.
    expect(new Set(ids(await search({ instrument, location: "Brooklyn", lessonType: "online" })))).toEqual(new Set([near, far, nowhere]));

    // In person, the place and distance still decide.
    const inPerson = await search({ instrument, location: "Austin, TX", distance: "10", lessonType: "in-person" });
    expect(ids(inPerson)).toEqual([]);
    expect(inPerson.distanceApplied).toBe(true);
    expect(new Set(ids(await search({ instrument, location: "Dallas, TX", distance: "10", lessonType: "in-person" })))).toEqual(new Set([far, farInPerson]));
  });

  it("minimum rating: new teachers are never hidden; a 3.0 average is hidden by 4.0 (the default) and 3.5", async () => {
    const town = uniqueTown("Rating");
    const fresh = await teacher({ town });
    const poor = await teacher({ town, reviews: [3, 3] });
    const good = await teacher({ town, reviews: [5, 4] });
    const fine = await teacher({ town, reviews: [4, 4, 4, 3] }); // 3.75 → shown as 3.8

    const byDefault = await search({ location: town });
    expect(new Set(ids(byDefault))).toEqual(new Set([fresh, good]));
    expect(byDefault.teachers.find((c) => c.teacherId === fresh)).toMatchObject({ rating: null, reviewCount: 0 });
    expect(byDefault.teachers.find((c) => c.teacherId === good)).toMatchObject({ rating: 4.5, reviewCount: 2 });

    expect(new Set(ids(await search({ location: town, minRating: "4.0" })))).toEqual(new Set([fresh, good]));
    expect(new Set(ids(await search({ location: town, minRating: "4" })))).toEqual(new Set([fresh, good]));
    expect(new Set(ids(await search({ location: town, minRating: "4.5" })))).toEqual(new Set([fresh, good]));
    expect(new Set(ids(await search({ location: town, minRating: "3.5" })))).toEqual(new Set([fresh, good, fine]));
    expect(new Set(ids(await search({ location: town, minRating: "any" })))).toEqual(new Set([fresh, good, fine, poor]));
  });

  it("the same search asked again reads the teachers as they are now (statements are kept, results are not)", async () => {
    const town = uniqueTown("Again");
    const cheap = await teacher({ town, rates: [30, 40] });
    const dear = await teacher({ town, rates: [60, 80] });
    const query = { location: town, sort: "price-asc" };
    expect(ids(await search(query))).toEqual([cheap, dear]);
    await t.deps.db.execute(sql`update teacher_profiles set hourly_rate_min = 20, hourly_rate_max = 25 where id = ${dear}`);
    expect(ids(await search(query))).toEqual([dear, cheap]);
    expect(ids(await search({ ...query, sort: "price-desc" }))).toEqual([cheap, dear]);
  });

  it("minimum rating compares the rating as shown: 4.45 shows as 4.5 and passes 4.5, 4.4 does not", async () => {
    const town = uniqueTown("Rounding");
    const roundsUp = await teacher({ town, reviews: [...Array<number>(9).fill(5), ...Array<number>(11).fill(4)] }); // 89 / 20
    const below = await teacher({ town, reviews: [...Array<number>(8).fill(5), ...Array<number>(12).fill(4)] }); // 88 / 20
    const response = await search({ location: town, minRating: "4.5" });
    expect(ids(response)).toEqual([roundsUp]);
    expect(response.teachers[0]).toMatchObject({ rating: 4.5, reviewCount: 20 });
    expect(new Set(ids(await search({ location: town, minRating: "4.0" })))).toEqual(new Set([roundsUp, below]));
  });

  it("a typed state lists the teachers of that state", async () => {
    const town = uniqueTown("State");
    const inVermont = await teacher({ town, state: "VT", instruments: ["clarinet"] });
    await teacher({ town, state: "NH", instruments: ["clarinet"] });
    const response = await search({ location: "Vermont", instrument: "clarinet" });
    expect(response.place).toEqual({ kind: "state", label: "VT" });
    expect(ids(response)).toContain(inVermont);
    expect(response.teachers.every((card) => card.state === "VT")).toBe(true);
  });
});

describe("distance", () => {
  // Ukulele is this block's own instrument, so teachers of other tests never enter its radius.
  let austin: string, roundRock: string, sanAntonio: string, dallas: string, nowhere: string;
  beforeAll(async () => {
    austin = await teacher({ point: AUSTIN, instruments: ["ukulele"], enabledMinutesAgo: 4 });
    roundRock = await teacher({ town: "Round Rock", point: ROUND_ROCK, instruments: ["ukulele"], enabledMinutesAgo: 3 });
    sanAntonio = await teacher({ town: "San Antonio", point: SAN_ANTONIO, instruments: ["ukulele"], enabledMinutesAgo: 2 });
    dallas = await teacher({ town: "Dallas", point: DALLAS, instruments: ["ukulele"], enabledMinutesAgo: 1 });
    nowhere = await teacher({ town: "Atlantis", point: null, instruments: ["ukulele"] });
  });

  it("measures real miles from the searched place (Austin–Dallas ≈ 182 mi)", async () => {
    const response = await search({ instrument: "ukulele", location: "Austin, TX", distance: "any" });
    expect(response.place).toEqual({ kind: "point", label: "Austin, TX" });
    expect(response.distanceApplied).toBe(false);
    const miles = Object.fromEntries(response.teachers.map((c) => [c.teacherId, c.distanceMiles]));
    expect(miles[austin]).toBeLessThan(1);
    expect(miles[roundRock]).toBeGreaterThan(14);
    expect(miles[roundRock]).toBeLessThan(20);
    expect(Math.abs(miles[sanAntonio]! - 74)).toBeLessThanOrEqual(3);
    expect(Math.abs(miles[dallas]! - 182)).toBeLessThanOrEqual(3);
    // Unknown coordinates: listed with "any" distance, without a distance, after the others.
    expect(miles[nowhere]).toBeNull();
    const mine = ids(response).filter((id) => [austin, roundRock, sanAntonio, dallas, nowhere].includes(id));
    expect(mine).toEqual([austin, roundRock, sanAntonio, dallas, nowhere]);
  });

  it("filters by radius: 10 miles by default, then 25 and 50", async () => {
    const byDefault = await search({ instrument: "ukulele", location: "Austin TX" });
    expect(byDefault.distanceApplied).toBe(true);
    expect(ids(byDefault)).toEqual([austin]);
    expect(ids(await search({ instrument: "ukulele", location: "austin", distance: "5" }))).toEqual([austin]);
    expect(ids(await search({ instrument: "ukulele", location: "Austin, Texas", distance: "25" }))).toEqual([austin, roundRock]);
    expect(ids(await search({ instrument: "ukulele", location: "Austin, TX", distance: "50" }))).toEqual([austin, roundRock]);
    expect(ids(await search({ instrument: "ukulele", location: "78701", distance: "15" }))).toEqual([austin]);
    const dallasSide = await search({ instrument: "ukulele", location: "Dallas, TX", distance: "5" });
    expect(ids(dallasSide)).toEqual([dallas]);
    expect(dallasSide.teachers[0]!.distanceMiles).toBeLessThan(1);
  });

  it("without a usable place there is no distance and no radius", async () => {
    const response = await search({ instrument: "ukulele", distance: "5" });
    expect(response.place).toBeNull();
    expect(response.distanceApplied).toBe(false);
    expect(ids(response)).toEqual(expect.arrayContaining([austin, dallas, nowhere]));
    expect(response.teachers.every((c) => c.distanceMiles === null)).toBe(true);
  });
});

describe("teacher coordinates", () => {
  it("are stored when a teacher saves a city and state, and cleared for a place the gazetteer does not know", async () => {
    const id = await teacher({ instruments: ["trumpet"], point: null });
    await updateOwnProfile(t.deps, id, { city: "Boise", state: "ID" });
    const nearBoise = await search({ instrument: "trumpet", location: "Boise, ID", distance: "5" });
    expect(ids(nearBoise)).toEqual([id]);
    expect(nearBoise.teachers[0]!.distanceMiles).toBeLessThan(1);

    await updateOwnProfile(t.deps, id, { city: "Qwxzyville" });
    expect(ids(await search({ instrument: "trumpet", location: "Boise, ID", distance: "50" }))).toEqual([]);
    const [row] = await queryRows<{ latitude: number | null }>(t.deps.db, sql`select latitude from teacher_profiles where id = ${id}`);
    expect(row!.latitude).toBeNull();
  });
});

describe("sorts", () => {
  let town: string;
  const named: Record<string, string> = {};
  beforeAll(async () => {
    town = uniqueTown("Sort");
    named.cheapNew = await teacher({ town, rates: [20, 30], experience: "Less than 1", enabledMinutesAgo: 1 });
    named.olderNew = await teacher({ town, rates: [20, 50], experience: "1-3", enabledMinutesAgo: 60 });
    named.star = await teacher({ town, rates: [80, 120], experience: "3-5", reviews: [5, 5, 5, 4, 5] }); // 4.8, score 4.4
    named.oneFive = await teacher({ town, rates: [50, 60], experience: "5+", reviews: [5] }); // 5.0, score 4.17
    named.oneThree = await teacher({ town, rates: [35, 40], experience: "5+", reviews: [3] }); // 3.0, score 3.83
  });
  const order = async (sort: string) => ids(await search({ location: town, minRating: "any", sort }));

  it("relevance: Bayesian rating (new teachers score 4.0), then most recently enabled", async () => {
    expect(await order("relevance")).toEqual([named.star, named.oneFive, named.cheapNew, named.olderNew, named.oneThree]);
    // Relevance is the default.
    expect(ids(await search({ location: town, minRating: "any" }))).toEqual(await order("relevance"));
  });

  it("rating: highest average first, more reviews break ties, new teachers last", async () => {
    const sorted = await order("rating");
    expect(sorted.slice(0, 3)).toEqual([named.oneFive, named.star, named.oneThree]);
    expect(new Set(sorted.slice(3))).toEqual(new Set([named.cheapNew, named.olderNew]));
  });

  it("price: by the low end of the range, then the high end", async () => {
    expect(await order("price-asc")).toEqual([named.cheapNew, named.olderNew, named.oneThree, named.oneFive, named.star]);
    expect(await order("price-desc")).toEqual([named.star, named.oneFive, named.oneThree, named.olderNew, named.cheapNew]);
  });

  it("experience: most experienced first, then by relevance", async () => {
    expect(await order("experience")).toEqual([named.oneFive, named.oneThree, named.star, named.olderNew, named.cheapNew]);
  });
});

describe("pages", () => {
  it("gives pages of 9 with the exact total, in one consistent order across pages", async () => {
    const town = uniqueTown("Page");
    const created: { id: string; min: number; max: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const min = 30 + (i % 4) * 5;
      const max = min + (i % 3) * 10;
      created.push({ id: await teacher({ town, rates: [min, max] }), min, max });
    }
    const expected = [...created]
      .sort((a, b) => a.min - b.min || a.max - b.max || (a.id < b.id ? -1 : 1))
      .map((teacher) => teacher.id);

    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await search({ location: town, sort: "price-asc", page: String(page) }));
    expect(pages.map((p) => p.teachers.length)).toEqual([9, 9, 2, 0]);
    expect(pages.map((p) => p.total)).toEqual([20, 20, 20, 20]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false, false]);
    expect(pages.flatMap(ids)).toEqual(expected);

    // Price High to Low is the exact reverse, page by page.
    const descending = [];
    for (const page of [1, 2, 3]) descending.push(...ids(await search({ location: town, sort: "price-desc", page: String(page) })));
    expect(descending).toEqual([...expected].reverse());
  });

  it("counts again as soon as teachers change", async () => {
    const town = uniqueTown("Count");
    await teacher({ town });
    expect((await search({ location: town })).total).toBe(1);
    expect((await search({ location: town })).total).toBe(1);
    const second = await teacher({ town });
    expect((await search({ location: town })).total).toBe(2);
    await t.deps.db.execute(sql`update teacher_profiles set is_discoverable = false, discovery_enabled_at = null where id = ${second}`);
    expect((await search({ location: town })).total).toBe(1);
    await t.deps.db.execute(sql`delete from teacher_instruments where teacher_id = ${second}`);
    expect((await search({ location: town, instrument: "piano" })).total).toBe(1);
  });
});

describe("bad input", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["page -1", "page=-1", /Page must be a whole number/],
    ["page 0", "page=0", /Page must be a whole number/],
    ["page 1.5", "page=1.5", /Page must be a whole number/],
    ["page text", "page=two", /Page must be a whole number/],
    ["unknown sort", "sort=cheapest", /Sort must be one of/],
    ["unknown instrument", "instrument=kazoo", /Choose an instrument/],
    ["10,000-character location", `location=${"a".repeat(10_000)}`, /at most 100 characters/],
    ["101-character location", `location=${"a".repeat(101)}`, /at most 100 characters/],
    ["unknown distance", "distance=7", /Distance must be/],
    ["unknown rating", "minRating=5", /Minimum rating must be/],
    ["unknown lesson type", "lessonType=in_person", /Lesson type must be/],
    ["repeated page", "page=1&page=2", /./],
  ];
  for (const [label, query, message] of cases) {
    it(`${label} → 400 with a message`, async () => {
      const res = await send(t, "GET", `/api/search/teachers?${query}`);
      expect(res.status, res.text.slice(0, 200)).toBe(400);
      expect(res.json.error.message).toMatch(message);
    });
  }

  it("takes blank values as no filter and odd text as a place it does not know", async () => {
    const response = await search({ instrument: "", location: "  ", sort: "", page: "", minRating: "" });
    expect(response.place).toBeNull();
    expect(response.page).toBe(1);
    const odd = await search({ location: "%_\\' or 1=1 --" });
    expect(odd.place).toEqual({ kind: "text", label: "%_\\' or 1=1 --" });
    expect(odd.total).toBe(0);
  });
});
