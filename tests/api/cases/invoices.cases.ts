import type { Allowed, RouteCase } from "../route-case";
import { parentsOnly, teachersOnly } from "../route-case";
import type { World } from "../world";

/**
 * Invoices (issue 28). A teacher's lists are their own (every teacher gets theirs); an invoice is
 * read by its teacher and its family only, and changed by its teacher only: anyone else gets 404
 * (or 403 for the wrong role). Scoping and every state rule: invoices.integration.test.ts.
 */
const ownTeacherOnly: Allowed = { anonymous: false, parent: false, otherParent: false, teacher: true, otherTeacher: false };
const itsTwoSides: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: true, otherTeacher: false };
const itsFamilyOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };

const extraLines = [{ description: "Recital fee", quantity: 1, unitCents: 2500 }];
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Paid yesterday, valid for a year: fine on every teacher's calendar. */
const packageBody = (parentId: string) => ({ parentId, lessons: 4, priceCents: 20_000, validUntil: dayFromNow(365), paidOn: dayFromNow(-1), method: "cash" });

/** 50/50 between the parent and the second guardian of their household. */
const splitBody = (world: World) => ({
  kind: "shares",
  shares: [
    { guardianId: world.parent.parentId, basisPoints: 5000 },
    { guardianId: world.secondGuardian.guardianId, basisPoints: 5000 },
  ],
});

export const invoicesCases: RouteCase[] = [
  { route: "GET /api/invoices", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/invoices?state=sent" }) },
  { route: "GET /api/invoices/families", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/invoices/families" }) },
  {
    route: "GET /api/invoices/preview", allowed: ownTeacherOnly, ok: 200,
    request: (world) => ({ path: `/api/invoices/preview?parentId=${world.parent.parentId}&from=2025-06-01&to=2025-06-30` }),
  },
  { route: "GET /api/invoices/csv", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/invoices/csv?year=2026&kind=payments" }) },
  {
    route: "POST /api/invoices", allowed: ownTeacherOnly, ok: 201,
    request: (world) => ({ path: "/api/invoices", body: { parentId: world.parent.parentId, from: "2025-07-01", to: "2025-07-31", extraLines } }),
    badInput: { as: "teacher", validBody: (world) => ({ parentId: world.parent.parentId, from: "2025-07-01", to: "2025-07-31", extraLines }) },
  },
  { route: "GET /api/invoices/:invoiceId", allowed: itsTwoSides, ok: 200, request: (world) => ({ path: `/api/invoices/${world.invoices.sent}` }) },
  { route: "GET /api/invoices/:invoiceId/pdf", allowed: itsTwoSides, ok: 200, request: (world) => ({ path: `/api/invoices/${world.invoices.sent}/pdf` }) },
  {
    route: "PATCH /api/invoices/:invoiceId", allowed: ownTeacherOnly, ok: 200,
    request: (world) => ({ path: `/api/invoices/${world.invoices.draft}`, body: { note: "Thank you!", extraLines } }),
    badInput: { as: "teacher", validBody: () => ({ note: "Thank you!", extraLines }), optionalKeys: ["note", "extraLines"] },
  },
  { route: "POST /api/invoices/:invoiceId/send", allowed: ownTeacherOnly, ok: 200, bodyless: true, request: (world) => ({ path: `/api/invoices/${world.invoices.draft}/send` }) },
  {
    route: "POST /api/invoices/:invoiceId/payments", allowed: ownTeacherOnly, ok: 200,
    request: (world) => ({ path: `/api/invoices/${world.invoices.sent}/payments`, body: { amountCents: 1000, paidOn: "2025-07-01", method: "cash" } }),
    badInput: { as: "teacher", validBody: () => ({ amountCents: 1000, paidOn: "2025-07-01", method: "cash", note: "Cash at the lesson" }), optionalKeys: ["note"] },
  },
  {
    route: "POST /api/invoices/:invoiceId/void", allowed: ownTeacherOnly, ok: 200,
    request: (world) => ({ path: `/api/invoices/${world.invoices.sent}/void`, body: { reason: "Wrong price" } }),
    badInput: { as: "teacher", validBody: () => ({ reason: "Wrong price" }) },
  },
  // A family's balance (issue 40): read and changed by the family's teacher only; the family reads its own.
  { route: "GET /api/invoices/balance", allowed: ownTeacherOnly, ok: 200, request: (world) => ({ path: `/api/invoices/balance?parentId=${world.parent.parentId}` }) },
  {
    route: "POST /api/invoices/balance/payments", allowed: ownTeacherOnly, ok: 201,
    request: (world) => ({ path: "/api/invoices/balance/payments", body: { parentId: world.parent.parentId, amountCents: 1000, paidOn: "2025-07-01", method: "cash" } }),
    badInput: { as: "teacher", validBody: (world) => ({ parentId: world.parent.parentId, amountCents: 1000, paidOn: "2025-07-01", method: "cash", note: "In advance" }), optionalKeys: ["note"] },
  },
  {
    route: "POST /api/invoices/balance/packages", allowed: ownTeacherOnly, ok: 201,
    request: (world) => ({ path: "/api/invoices/balance/packages", body: packageBody(world.parent.parentId) }),
    badInput: { as: "teacher", validBody: (world) => ({ ...packageBody(world.parent.parentId), note: "Spring term" }), optionalKeys: ["note"] },
  },
  // A household's split (issue 45): read, set and removed by the family's teacher only; never by a guardian.
  { route: "GET /api/invoices/households/:parentId/split", allowed: ownTeacherOnly, ok: 200, request: (world) => ({ path: `/api/invoices/households/${world.parent.parentId}/split` }) },
  {
    route: "PUT /api/invoices/households/:parentId/split", allowed: ownTeacherOnly, ok: 200,
    request: (world) => ({ path: `/api/invoices/households/${world.parent.parentId}/split`, body: splitBody(world) }),
    badInput: { as: "teacher", validBody: (world) => splitBody(world) },
  },
  { route: "DELETE /api/invoices/households/:parentId/split", allowed: ownTeacherOnly, ok: 200, request: (world) => ({ path: `/api/invoices/households/${world.parent.parentId}/split` }) },
  { route: "GET /api/billing/balance", allowed: parentsOnly, ok: 200, request: () => ({ path: "/api/billing/balance" }) },
  { route: "GET /api/billing/invoices", allowed: parentsOnly, ok: 200, request: () => ({ path: "/api/billing/invoices" }) },
  {
    route: "GET /api/billing/statement", allowed: itsFamilyOnly, ok: 200,
    request: (world) => ({ path: `/api/billing/statement?teacherId=${world.teacher.teacherId}&year=${world.invoices.sentYear}` }),
  },
];
