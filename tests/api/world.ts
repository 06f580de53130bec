import { sql } from "drizzle-orm";
import { queryRows } from "../../src/server/db/client";
import { eq } from "drizzle-orm";
import { accountSuspensions, calendarEvents, reviews, studentMeetingLinks, studentRepertoire, teacherCalendars, teacherProfiles, teacherTimeOff } from "../../src/server/db/schema";
import { regenerateFeed } from "../../src/server/calendar/calendar.service";
import { createOperator, createParent, createTeacher } from "../factories/accounts";
import { addIntroVideo } from "../factories/teacher-application";
import { createBooking } from "../factories/bookings";
import { createSeries } from "../factories/lessons";
import { attendedLesson, draftInvoice, sentInvoice } from "../factories/invoices";
import { nextFactorySlot } from "./cases/booking.cases";
import { addClassFile, addGrade, createClass } from "../factories/classes";
import { createConversation } from "../factories/messages";
import { createWorldPractice } from "../factories/practice";
import { createWorldReports } from "../factories/reports";
import { createWaitlistEntry, createWaitlistOffer } from "../factories/waitlist";
import { createGuardian, createInvitation } from "../factories/households";
import { cookieHeader, send, signIn, signInOperator } from "../fixtures/http";
import type { TestApp } from "../fixtures/test-app";
import { totpFromUri } from "../fixtures/totp";
import type { RouteRequest } from "./route-case";

export const ACTORS = ["anonymous", "parent", "otherParent", "teacher", "otherTeacher", "operator"] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The people of the authorization matrix: `parent` and `teacher` own the resources a route is
 * called on; `otherParent` and `otherTeacher` are strangers to them; `operator` runs the
 * trust-and-safety desk (issue 27) and holds no parent or teacher profile.
 */
export async function createWorld(t: TestApp) {
  const [parent, otherParent, teacher, otherTeacher, reviewedTeacher, operator, applicant] = await Promise.all([
    createParent(t.deps, { students: 2 }),
    createParent(t.deps),
    createTeacher(t.deps),
    createTeacher(t.deps),
    createTeacher(t.deps),
    createOperator(t.deps),
    // A teacher whose application waits for the operators' review (issue 27), for the decisions.
    createTeacher(t.deps, { reviewStatus: "pending", discoverable: false }),
  ]);
  // A suspended parent (issue 27), for Reinstate.
  const suspendedParent = await createParent(t.deps);
  await t.deps.db.insert(accountSuspensions).values({ userId: suspendedParent.userId, reason: "Spam in messages", operatorUserId: operator.userId });
  // One repertoire entry of the parent's first student, for routes on an existing entry.
  const [entry] = await t.deps.db
    .insert(studentRepertoire)
    .values({ studentId: parent.studentIds[0]!, title: "Minuet in G", composer: "Petzold", genre: "Classical", completedDate: "2024-01-15" })
    .returning({ id: studentRepertoire.id });
  // Issue 45: a second guardian of the parent's household (their own login, no students of their
  // own): the matrix checks every route with them too (route-case.ts `secondGuardian`).
  const secondGuardian = await createGuardian(t.deps, parent.parentId, { firstName: "Sam" });
  const cookies: Record<Actor | "secondGuardian", string | undefined> = {
    secondGuardian: await signIn(t, "parent", secondGuardian.email, secondGuardian.password),
    anonymous: undefined,
    parent: await signIn(t, "parent", parent.email, parent.password),
    otherParent: await signIn(t, "parent", otherParent.email, otherParent.password),
    teacher: await signIn(t, "teacher", teacher.email, teacher.password),
    otherTeacher: await signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
    operator: await signInOperator(t, operator.email, operator.password),
  };
  // The teacher's weekly window (the factory's Monday 09:00-17:00), for routes on an existing window.
  const availability = await t.deps.db.query.teacherAvailability.findFirst({
    columns: { id: true },
    where: (window, { eq }) => eq(window.teacherId, teacher.teacherId),
  });
  // The teacher's published intro video, for the public file route (GET /api/files/teacher-videos/…).
  await addIntroVideo(t.deps, teacher.teacherId);
  // The teacher's meeting links (issue 26): a default one and one for the parent's first student,
  // so the world's online lessons can be accepted and a student's link can be changed or removed.
  await t.deps.db.update(teacherProfiles).set({ meetingUrl: "https://meet.example/terry" }).where(eq(teacherProfiles.id, teacher.teacherId));
  await t.deps.db.insert(studentMeetingLinks).values({ teacherId: teacher.teacherId, studentId: parent.studentIds[0]!, url: "https://meet.example/terry-kid1" });
  // A pending request of the parent's first student with the teacher, for accept/decline.
  // Its time is ahead (a request whose time has passed can no longer be accepted).
  const pending = await createBooking(t.deps, {
    teacherId: teacher.teacherId,
    parentId: parent.parentId,
    studentId: parent.studentIds[0]!,
    status: "pending",
    startsAt: new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + 7 * 24 * 3600_000),
  });
  // An accepted lesson of the parent with the teacher, not reviewed yet: the parent may review them.
  await createBooking(t.deps, {
    teacherId: teacher.teacherId,
    parentId: parent.parentId,
    studentId: parent.studentIds[0]!,
    status: "accepted",
  });
  // Lessons of the parent's first student with the teacher (issue 14): two ahead, one per side to
  // cancel or move (Mondays 11:00 and 12:00 Chicago, inside the factory window, two to three weeks
  // out), and one that started two hours ago for attendance and notes.
  const lessonDay = new Date(nextFactorySlot()).getTime() + 7 * 24 * 3600_000;
  const lessonOf = (startsAt: Date) =>
    createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt });
  const parentLesson = await lessonOf(new Date(lessonDay + 3600_000));
  const teacherLesson = await lessonOf(new Date(lessonDay + 2 * 3600_000));
  const startedLesson = await lessonOf(new Date(Math.floor(Date.now() / 3600_000) * 3600_000 - 2 * 3600_000));
  // Two weekly series of the same student (issue 44), one per side to change from its first lesson
  // on: Mondays 11:00 and 12:00 Chicago, the two weeks after the lessons above.
  const seriesOf = (hour: number) =>
    createSeries(t.deps, {
      teacherId: teacher.teacherId,
      parentId: parent.parentId,
      studentId: parent.studentIds[0]!,
      starts: [1, 2].map((week) => new Date(lessonDay + week * 7 * 24 * 3600_000 + (hour - 10) * 3600_000)),
    });
  const [parentSeries, teacherSeries] = [await seriesOf(11), await seriesOf(12)];
  // A lesson with a third teacher that the parent has already reviewed (written directly), for
  // the routes on an existing review: the parent may edit and delete it.
  await createBooking(t.deps, {
    teacherId: reviewedTeacher.teacherId,
    parentId: parent.parentId,
    studentId: parent.studentIds[0]!,
    status: "accepted",
  });
  const [review] = await t.deps.db
    .insert(reviews)
    .values({ teacherId: reviewedTeacher.teacherId, parentId: parent.parentId, rating: 5, body: "Patient and encouraging teacher." })
    .returning({ id: reviews.id });
  // A practice event the parent made for their first student, and a custom event of the teacher,
  // for the calendar routes on an existing event; the teacher's calendar feed, for the public feed.
  const [parentEvent, teacherEvent] = await t.deps.db
    .insert(calendarEvents)
    .values([
      {
        ownerUserId: parent.userId,
        studentId: parent.studentIds[0]!,
        title: "Scales",
        eventType: "practice",
        startsAt: new Date("2026-12-02T16:00:00Z"),
        endsAt: new Date("2026-12-02T16:30:00Z"),
      },
      {
        ownerUserId: teacher.userId,
        title: "Recital prep",
        eventType: "custom",
        startsAt: new Date("2026-12-02T18:00:00Z"),
        endsAt: new Date("2026-12-02T19:00:00Z"),
      },
    ])
    .returning({ id: calendarEvents.id });
  const teacherFeed = await regenerateFeed(t.deps, teacher.userId);
  // One of the teacher's own calendars read for busy times (issue 46), never due in a test (no read is made).
  const [busyCalendar] = await t.deps.db
    .insert(teacherCalendars)
    .values({ teacherId: teacher.teacherId, url: "https://calendar.example.com/world/basic.ics", label: "School", nextFetchAt: new Date("2099-01-01T00:00:00Z") })
    .returning({ id: teacherCalendars.id });
  // The teacher's class joined by the parent's first student, with a grade and a file; and two
  // classes of the teacher nobody has joined yet, one for each parent to join by code.
  const joined = await createClass(t.deps, {
    teacherId: teacher.teacherId,
    parentId: parent.parentId,
    studentId: parent.studentIds[0]!,
  });
  const gradeId = await addGrade(t.deps, joined.classId);
  const classFileId = await addClassFile(t.deps, joined.classId);
  const [openClass, otherOpenClass] = await Promise.all([
    createClass(t.deps, { teacherId: teacher.teacherId, name: "Open class" }),
    createClass(t.deps, { teacherId: teacher.teacherId, name: "Another open class" }),
  ]);
  // The parent's conversation with the teacher, with one message from the parent.
  const { conversationId } = await createConversation(t.deps, { parentId: parent.parentId, parentUserId: parent.userId, teacherUserId: teacher.userId });
  // Reports (issue 27): the other parent reported the parent's review, the teacher the parent's message.
  const reports = await createWorldReports(t, { parent, otherParent, teacher, reviewId: review!.id, conversationId });
  // Days off of the teacher far ahead, for the route on an existing range.
  const [timeOff] = await t.deps.db
    .insert(teacherTimeOff)
    .values({ teacherId: teacher.teacherId, startDate: "2099-07-01", endDate: "2099-07-14" })
    .returning({ id: teacherTimeOff.id });
  // Invoices (issue 28): one the teacher sent the parent for an attended lesson of June 2025, and a
  // draft with an extra line only, for the routes on an existing invoice.
  const invoiceFamily = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
  await attendedLesson(t.deps, invoiceFamily, new Date("2025-06-02T15:00:00Z"), 6000);
  const sentOne = await sentInvoice(t.deps, teacher.teacherId, { parentId: parent.parentId, from: "2025-06-01", to: "2025-06-30" });
  const draftOne = await draftInvoice(t.deps, teacher.teacherId, {
    parentId: parent.parentId,
    from: "2025-07-01",
    to: "2025-07-02",
    extraLines: [{ description: "Recital fee", quantity: 1, unitCents: 2500 }],
  });
  // Practice (issue 29): homework of the teacher for the first student, an entry and a running timer.
  const practice = await createWorldPractice(t.deps, { ...invoiceFamily, classId: joined.classId });
  // The waitlist (issue 44): the parent's first student waits for the teacher's full lessons, and
  // holds an open offer of a free time (Monday 16:00 Chicago, three weeks out, inside the window).
  const waitlistEntry = await createWaitlistEntry(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
  const waitlistOffer = await createWaitlistOffer(t.deps, {
    entryId: waitlistEntry,
    teacherId: teacher.teacherId,
    parentId: parent.parentId,
    startsAt: new Date(lessonDay + 7 * 24 * 3600_000 + 6 * 3600_000),
  });
  // Households (issue 45): a guardian the second guardian invited (the founder and they may remove
  // them), an open invitation of the parent's household (to withdraw), and an open invitation per
  // actor from two households of strangers (each actor refuses or joins with their own: room for
  // all of them), and one to each signed-in actor's own address (only a parent without students of
  // their own may accept: the matrix's entry clears the other parent's first).
  const invitedGuardian = await createGuardian(t.deps, parent.parentId, { firstName: "Rae", invitedBy: secondGuardian.guardianId });
  const pendingInvitation = await createInvitation(t.deps, { householdId: parent.parentId });
  const [elsewhere, elsewhereToo] = await Promise.all([createParent(t.deps, { students: 0 }), createParent(t.deps, { students: 0 })]);
  const invite = (householdId: string, email?: string) => createInvitation(t.deps, { householdId, ...(email ? { email } : {}) });
  const invitationsByActor = Object.fromEntries(
    await Promise.all(
      [...ACTORS, "secondGuardian" as const].map(async (actor, i) => [actor, await invite(i < 3 ? elsewhere.parentId : elsewhereToo.parentId)] as const),
    ),
  ) as Record<Actor | "secondGuardian", Awaited<ReturnType<typeof invite>>>;
  const toOwnAddress = {
    otherParent: await invite(elsewhere.parentId, otherParent.email),
    teacher: await invite(elsewhere.parentId, teacher.email),
    otherTeacher: await invite(elsewhere.parentId, otherTeacher.email),
  };
  return {
    household: { invitations: invitationsByActor, toOwnAddress, pendingInvitationId: pendingInvitation.id, invitedGuardianId: invitedGuardian.guardianId },
    waitlist: { entryId: waitlistEntry, offerId: waitlistOffer },
    practice,
    invoices: { sent: sentOne.id, sentYear: Number(sentOne.issueDate.slice(0, 4)), draft: draftOne.id },
    conversationId,
    reports,
    timeOffId: timeOff!.id,
    parentEventId: parentEvent!.id,
    teacherEventId: teacherEvent!.id,
    teacherFeedPath: new URL(teacherFeed.url).pathname,
    busyCalendarId: busyCalendar!.id,
    classId: joined.classId,
    gradeId,
    classFileId,
    openJoinCode: openClass.joinCode,
    otherOpenJoinCode: otherOpenClass.joinCode,
    reviewId: review!.id,
    operator,
    parent,
    secondGuardian,
    otherParent,
    teacher,
    otherTeacher,
    reviewedTeacher,
    applicant,
    suspendedParent,
    cookies,
    repertoireId: entry!.id,
    availabilityId: availability!.id,
    pendingBookingId: pending.bookingId,
    lessons: {
      parent: parentLesson.bookingId,
      teacher: teacherLesson.bookingId,
      started: startedLesson.bookingId,
      /** Free times the same Monday (14:00 and 15:00 Chicago) to move them to. */
      parentMoveTo: new Date(lessonDay + 4 * 3600_000).toISOString(),
      teacherMoveTo: new Date(lessonDay + 5 * 3600_000).toISOString(),
    },
    /** The first lesson of each side's weekly series, and a free Monday time (Chicago) to change it to. */
    series: {
      parent: parentSeries.bookingIds[0]!,
      teacher: teacherSeries.bookingIds[0]!,
      parentChange: { weekday: 1, time: "15:00" },
      teacherChange: { weekday: 1, time: "16:00" },
    },
  };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** Sends an actor's request: its JSON body, or its raw upload with the upload's content type. */
export function sendRequest(t: TestApp, method: string, request: RouteRequest, cookie: string | undefined, extraHeaders: Record<string, string> = {}) {
  const { path, body, upload } = request;
  if (upload) {
    const headers: Record<string, string> = { ...upload.headers, "content-type": upload.contentType, ...extraHeaders };
    if (upload.declaredLength !== undefined) headers["content-length"] = String(upload.declaredLength);
    return send(t, method, path, { cookie, body: upload.bytes, headers });
  }
  return send(t, method, path, { cookie, ...(body ? { body } : {}), headers: extraHeaders });
}

/**
 * A parent of the world with two-factor sign-in enrolled, who has just passed the password step:
 * the cookie of that half-finished sign-in, and the code their authenticator app shows now.
 */
export async function halfwayTwoFactorSignIn(t: TestApp, world: World): Promise<{ cookie: string; code: string }> {
  const parent = world.otherParent;
  const origin = { origin: t.deps.env.PUBLIC_URL };
  const enable = await send(t, "POST", "/api/auth/two-factor/enable", { body: { password: parent.password }, cookie: world.cookies.otherParent, headers: origin });
  if (enable.status !== 200) throw new Error(`two-factor enable failed: ${enable.status} ${enable.text}`);
  const uri = enable.json.totpURI as string;
  const session = cookieHeader(enable.headers) || world.cookies.otherParent;
  const verify = await send(t, "POST", "/api/auth/two-factor/verify-totp", { body: { code: await totpFromUri(uri) }, cookie: session, headers: origin });
  if (verify.status !== 200) throw new Error(`two-factor verify failed: ${verify.status} ${verify.text}`);
  const step1 = await send(t, "POST", "/api/session", { body: { role: "parent", email: parent.email, password: parent.password } });
  if (step1.json?.twoFactorRequired !== true) throw new Error(`expected the two-factor step: ${step1.status} ${step1.text}`);
  return { cookie: cookieHeader(step1.headers), code: await totpFromUri(uri) };
}

/** Rows per table, to prove a refused request changed nothing. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.deps.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%migrations%'
        order by 1`,
  );
  // Every table's count in one statement (a statement per table made this a few thousand queries per run).
  const rows = await queryRows<{ name: string; n: number }>(
    t.deps.db,
    sql.join(
      tables.map(({ name }) => sql`select ${name}::text as name, count(*)::int as n from ${sql.identifier(name)}`),
      sql` union all `,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number(rows.find((row) => row.name === name)?.n);
  return counts;
}

/** Every API route the app itself has registered, as "METHOD /path" (middleware-only entries left out). */
export function registeredRoutes(t: TestApp): string[] {
  const routes = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api")) continue;
    routes.add(`${r.method} ${r.path}`);
  }
  return [...routes].sort();
}
