import { Hono } from "hono";
import { teacherIdParams } from "../../shared/path-params.schemas";
import { TEACHER_NOT_FOUND_MESSAGE } from "../../shared/teachers/public-profile.schemas";
import { lazyParentViewer } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validateParams } from "../http/validate";
import * as service from "./public-profile.service";

/**
 * /api/teachers/:teacherId/public: anyone may read a discoverable teacher's profile (visitors
 * browse before they sign up), and a family a hidden teacher's lessons or classes are with. No
 * guard: other routers share the /teachers prefix.
 */
export function createPublicProfileRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/:teacherId/public",
    // A malformed id names no teacher: 404 before any SQL.
    validateParams(teacherIdParams, TEACHER_NOT_FOUND_MESSAGE),
    lazyParentViewer(deps),
    async (c) => c.json(await service.getPublicProfile(deps, c.req.valid("param").teacherId, c.get("parentViewer"))),
  );
}
