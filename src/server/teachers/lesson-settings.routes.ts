import { Hono } from "hono";
import { timeOffIdParams } from "../../shared/path-params.schemas";
import { lessonSettingsSchema, TIME_OFF_NOT_FOUND_MESSAGE, timeOffCreateSchema } from "../../shared/teachers/lesson-settings.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./lesson-settings.service";

/** /api/teachers/me/lesson-settings: notice window, buffer and lead time, with the days off (guarded by own-teacher.routes.ts). */
export function createLessonSettingsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await service.getLessonSettings(deps, c.get("teacherId"))))
    .put("/", validate("json", lessonSettingsSchema), async (c) =>
      c.json(await service.updateLessonSettings(deps, c.get("teacherId"), c.req.valid("json"))),
    );
}

/** /api/teachers/me/time-off: add and delete ranges of days off. */
export function createTimeOffRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/", validate("json", timeOffCreateSchema), async (c) => c.json(await service.addTimeOff(deps, c.get("teacherId"), c.req.valid("json")), 201))
    .delete("/:timeOffId", validateParams(timeOffIdParams, TIME_OFF_NOT_FOUND_MESSAGE), async (c) => {
      await service.deleteTimeOff(deps, c.get("teacherId"), c.req.valid("param").timeOffId);
      return c.json({ deleted: true });
    });
}
