import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { newYorkTeacher } from "../../../tests/factories/lessons";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { LATE_CANCEL_CHARGE_MESSAGE, type BillingSettingsDTO } from "../../shared/invoices/invoices.schemas";
import type { LessonDTO } from "../../shared/lessons/lessons.schemas";
import { bookings } from "../db/schema";

const t = testAppForFile();

const H = 3_600_000;

async function world(policy: "none" | "half" | "full", noticeHours = 24) {
  const teacher = await newYorkTeacher(t.deps, noticeHours);
  const parent = await createParent(t.deps, { students: 1 });
  const [teacherCookie, parentCookie] = [await signIn(t, "teacher", teacher.email, teacher.password), await signIn(t, "parent", parent.email, parent.password)];
  const saved = await send(t, "PUT", "/api/teachers/me/billing-settings", { cookie: teacherCookie, body: { lateCancelCharge: policy, paymentInstructions: "" } });
  expect(saved.status).toBe(200);
  const lesson = (hoursAhead: number, priceCents = 6001) =>
    createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt: new Date(Math.ceil(Date.now() / H) * H + hoursAhead * H), priceCents });
  return { teacher, parent, teacherCookie, parentCookie, lesson };
}

const cancel = (cookie: string, bookingId: string) => send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie, body: { scope: "one" } });

async function charged(bookingId: string) {
  const [row] = await t.deps.db.select({ chargeCents: bookings.cancelChargeCents, noticeHours: bookings.cancelNoticeHours }).from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

describe("late cancellation charges (issue 28)", () => {
  it.each([
    ["full", 6001],
    ["half", 3000],
    ["none", null],
  ] as const)("a family's late cancel under %s is charged %o, with the notice window then in force", async (policy, expected) => {
    const w = await world(policy, 48);
    const { bookingId } = await w.lesson(20);
    const before = (await send(t, "GET", "/api/lessons/mine", { cookie: w.parentCookie })).json.lessons as LessonDTO[];
    // The dialog's source: the lesson's price and the policy in force now.
    expect(before.find((l) => l.id === bookingId)).toMatchObject({ priceCents: 6001, lateCancelCharge: policy, cancelChargeCents: null });
    const res = await cancel(w.parentCookie, bookingId);
    expect(res.status).toBe(200);
    expect((res.json.lessons as LessonDTO[])[0]).toMatchObject({ lateCancel: true, cancelChargeCents: expected });
    expect(await charged(bookingId)).toEqual({ chargeCents: expected, noticeHours: 48 });
    // A later change of policy rewrites nothing already charged.
    await send(t, "PUT", "/api/teachers/me/billing-settings", { cookie: w.teacherCookie, body: { lateCancelCharge: "none", paymentInstructions: "" } });
    expect((await charged(bookingId)).chargeCents).toBe(expected);
  });

  it("never charges a cancel with notice, nor any cancel by the teacher", async () => {
    const w = await world("full");
    const early = await w.lesson(72);
    const teachers = await w.lesson(5);
    expect((await cancel(w.parentCookie, early.bookingId)).status).toBe(200);
    expect((await cancel(w.teacherCookie, teachers.bookingId)).status).toBe(200);
    expect((await charged(early.bookingId)).chargeCents).toBeNull();
    expect((await charged(teachers.bookingId)).chargeCents).toBeNull();
  });

  it("charges nothing for a free lesson", async () => {
    const w = await world("full");
    const { bookingId } = await w.lesson(3, 0);
    expect((await cancel(w.parentCookie, bookingId)).status).toBe(200);
    expect((await charged(bookingId)).chargeCents).toBeNull();
  });
});

describe("billing settings", () => {
  it("start at no charge and no instructions, save, and belong to each teacher alone", async () => {
    const w = await world("none");
    const other = await newYorkTeacher(t.deps);
    const otherCookie = await signIn(t, "teacher", other.email, other.password);
    const body = { lateCancelCharge: "half", paymentInstructions: "  Zelle to terry@example.test\nor cash.  " };
    const saved = await send(t, "PUT", "/api/teachers/me/billing-settings", { cookie: w.teacherCookie, body });
    expect(saved.json).toEqual({ lateCancelCharge: "half", paymentInstructions: "Zelle to terry@example.test\nor cash." });
    expect((await send(t, "GET", "/api/teachers/me/billing-settings", { cookie: w.teacherCookie })).json).toEqual(saved.json);
    expect((await send(t, "GET", "/api/teachers/me/billing-settings", { cookie: otherCookie })).json as BillingSettingsDTO).toEqual({
      lateCancelCharge: "none",
      paymentInstructions: "",
    });
    expect((await send(t, "GET", "/api/teachers/me/billing-settings", { cookie: w.parentCookie })).status).toBe(403);
    expect((await send(t, "PUT", "/api/teachers/me/billing-settings", { cookie: w.parentCookie, body })).status).toBe(403);
    expect((await send(t, "GET", "/api/teachers/me/billing-settings")).status).toBe(401);
  });

  it.each([
    [{ lateCancelCharge: "double", paymentInstructions: "" }, "lateCancelCharge", LATE_CANCEL_CHARGE_MESSAGE],
    [{ paymentInstructions: "" }, "lateCancelCharge", LATE_CANCEL_CHARGE_MESSAGE],
    [{ lateCancelCharge: "full", paymentInstructions: "x".repeat(1001) }, "paymentInstructions", "Payment instructions must be at most 1000 characters"],
  ])("refuses %o with a message for %s and changes nothing", async (body, field, message) => {
    const w = await world("none");
    const res = await send(t, "PUT", "/api/teachers/me/billing-settings", { cookie: w.teacherCookie, body });
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect((await send(t, "GET", "/api/teachers/me/billing-settings", { cookie: w.teacherCookie })).json).toEqual({ lateCancelCharge: "none", paymentInstructions: "" });
  });
});
