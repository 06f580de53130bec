import { Hono } from "hono";
import { eventIdParamSchema, eventInputSchema, eventRangeQuerySchema, EVENT_NOT_FOUND_MESSAGE } from "../../shared/calendar/calendar.schemas";
import { busyCalendarInputSchema, busyTimesQuerySchema, CALENDAR_NOT_FOUND_MESSAGE } from "../../shared/calendar/busy-calendars.schemas";
import { calendarIdParams } from "../../shared/path-params.schemas";
import { requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as busy from "./busy-calendars.service";
import * as service from "./calendar.service";

const ICS_TYPE = "text/calendar; charset=utf-8";

export function createCalendarRoutes(deps: Deps) {
  const user = requireUser(deps);
  const eventId = validateParams(eventIdParamSchema, EVENT_NOT_FOUND_MESSAGE);
  // A teacher's own calendars read for busy times (issue 46): teachers only, each their own.
  const teacher = [user, requireTeacher(deps)] as const;
  const calendarId = validateParams(calendarIdParams, CALENDAR_NOT_FOUND_MESSAGE);
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
      .get("/busy-calendars", ...teacher, async (c) => c.json({ calendars: await busy.listBusyCalendars(deps, c.get("teacherId")) }))
      .post("/busy-calendars", ...teacher, validate("json", busyCalendarInputSchema), async (c) =>
        c.json({ calendar: await busy.addBusyCalendar(deps, c.get("teacherId"), c.req.valid("json")) }, 201),
      )
      .post("/busy-calendars/:calendarId/refresh", ...teacher, calendarId, async (c) =>
        c.json({ calendar: await busy.refreshBusyCalendar(deps, c.get("teacherId"), c.req.valid("param").calendarId) }),
      )
      .delete("/busy-calendars/:calendarId", ...teacher, calendarId, async (c) => {
        await busy.removeBusyCalendar(deps, c.get("teacherId"), c.req.valid("param").calendarId);
        return c.json({ deleted: true });
      })
      .get("/busy-times", ...teacher, validate("query", busyTimesQuerySchema), async (c) =>
        c.json({ busy: await busy.busyTimes(deps, c.get("teacherId"), c.req.valid("query")) }),
      )
      .get("/feed", user, async (c) => c.json(await service.feedStatus(deps, c.get("user").id)))
      .post("/feed", user, async (c) => c.json(await service.regenerateFeed(deps, c.get("user").id), 201))
      .delete("/feed", user, async (c) => c.json(await service.revokeFeed(deps, c.get("user").id)))
      // Public: calendar apps fetch it with no session; the secret token in the path is the key.
      .get("/feed/:file", async (c) => c.body(await service.feedIcs(deps, c.req.param("file")), 200, { "content-type": ICS_TYPE }))
  );
}
