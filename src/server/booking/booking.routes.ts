import { Hono } from "hono";
import { createBookingSchema, slotsQuerySchema, type SlotsResponse } from "../../shared/booking/booking.schemas";
import { declineRequestSchema } from "../../shared/booking/reason.schemas";
import { acceptBookingSchema } from "../../shared/invoices/invoices.schemas";
import { bookingIdParams, teacherIdParams } from "../../shared/path-params.schemas";
import { TEACHER_NOT_FOUND_MESSAGE } from "../../shared/teachers/public-profile.schemas";
import { lazyParentViewer, requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { jsonTextResponse } from "../http/compress-responses";
import { validate, validateParams } from "../http/validate";
import * as service from "./booking.service";
import { decide } from "./request-decision.service";
import { slotsResponseJson } from "./slots-json";

/**
 * Open slots are public: anyone may look at a discoverable teacher's calendar before signing in;
 * a hidden teacher's, only the families already with them (Book Another Lesson).
 */
export function createSlotsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/:teacherId/slots",
    validateParams(teacherIdParams, TEACHER_NOT_FOUND_MESSAGE),
    validate("query", slotsQuerySchema),
    lazyParentViewer(deps),
    async (c) =>
      jsonTextResponse<SlotsResponse>(
        c,
        slotsResponseJson(await service.monthSlots(deps, c.req.valid("param").teacherId, c.req.valid("query"), c.get("parentViewer"))),
      ),
  );
}

export function createBookingRoutes(deps: Deps) {
  const parent = [requireUser(deps), requireParent(deps)] as const;
  const teacher = [requireUser(deps), requireTeacher(deps)] as const;
  const bookingIdParam = validateParams(bookingIdParams, "Booking request not found");
  return new Hono<AppEnv>()
    .post("/", ...parent, validate("json", createBookingSchema), async (c) => {
      const created = await service.requestBooking(
        deps,
        { parentId: c.get("parentId"), guardianId: c.get("guardianId"), userId: c.get("user").id },
        c.req.valid("json"),
      );
      return c.json({ bookings: created }, 201);
    })
    .get("/mine", ...parent, async (c) => c.json({ bookings: await service.parentRequests(deps, c.get("parentId")) }))
    .get("/requests", ...teacher, async (c) => c.json({ bookings: await service.pendingRequests(deps, c.get("teacherId")) }))
    // A lesson of a weekly series is decided with its whole series: `bookings` lists them all.
    // The body is optional: `{ priceCents }` is the price agreed per lesson (an empty body takes the suggested one).
    .post("/:bookingId/accept", ...teacher, bookingIdParam, validate("json", acceptBookingSchema), async (c) => {
      const decided = await decide(deps, c.get("teacherId"), c.req.valid("param").bookingId, "accepted", { priceCents: c.req.valid("json").priceCents });
      return c.json({ booking: decided[0]!, bookings: decided });
    })
    // The body is optional: `{ reason }` tells the family why (an empty body declines without one).
    .post("/:bookingId/decline", ...teacher, bookingIdParam, validate("json", declineRequestSchema), async (c) => {
      const decided = await decide(deps, c.get("teacherId"), c.req.valid("param").bookingId, "declined", { reason: c.req.valid("json").reason ?? null });
      return c.json({ booking: decided[0]!, bookings: decided });
    });
}
