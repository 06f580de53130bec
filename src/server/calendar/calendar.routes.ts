import { Hono } from "hono";
import { eventIdParamSchema, eventInputSchema, eventRangeQuerySchema, EVENT_NOT_FOUND_MESSAGE } from "../../shared/calendar/calendar.schemas";
import { requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./calendar.service";

const ICS_TYPE = "text/calendar; charset=utf-8";

export function createCalendarRoutes(deps: Deps) {
  const user = requireUser(deps);
  const eventId = validateParams(eventIdParamSchema, EVENT_NOT_FOUND_MESSAGE);
  return (
    new Hono<AppEnv>()
      .get("/events", user, validate("query", eventRangeQuerySchema), async (c) =>
        c.json({ events: await service.listEvents(deps, c.get("user").id, c.req.valid("query")) }),
      )
      .post("/events", user, validate("json", eventInputSchema), async (c) =>
        c.json({ event: await service.createEvent(deps, c.get("user").id, c.req.valid("json")) }, 201),
      )
      .put("/events/:eventId", user, eventId, validate("json", eventInputSchema), async (c) =>
        c.json({ event: await service.updateEvent(deps, c.get("user").id, c.req.valid("param").eventId, c.req.valid("json")) }),
      )
      .delete("/events/:eventId", user, eventId, async (c) => {
        await service.deleteEvent(deps, c.get("user").id, c.req.valid("param").eventId);
        return c.json({ deleted: true });
      })
      .get("/events/:eventId/ics", user, eventId, async (c) => {
        const text = await service.eventIcs(deps, c.get("user").id, c.req.valid("param").eventId);
        return c.body(text, 200, { "content-type": ICS_TYPE, "content-disposition": 'attachment; filename="lesson.ics"' });
      })
      .get("/feed", user, async (c) => c.json(await service.feedStatus(deps, c.get("user").id)))
      .post("/feed", user, async (c) => c.json(await service.regenerateFeed(deps, c.get("user").id), 201))
      .delete("/feed", user, async (c) => c.json(await service.revokeFeed(deps, c.get("user").id)))
      // Public: calendar apps fetch it with no session; the secret token in the path is the key.
      .get("/feed/:file", async (c) => c.body(await service.feedIcs(deps, c.req.param("file")), 200, { "content-type": ICS_TYPE }))
  );
}
