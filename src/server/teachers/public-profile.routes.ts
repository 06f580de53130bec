import { validateParams } from "../http/validate";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../http/app-env";
import * as service from "./public-profile.service";

const teacherParams = z.object({ teacherId: z.guid() });

/**
 * /api/teachers/:teacherId/public: anyone may read a discoverable teacher's profile (visitors
 * browse before they sign up). No guard: other routers share the /teachers prefix.
 */
export function createPublicProfileRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/:teacherId/public",
    // A malformed id names no teacher: 404 before any SQL.
    validateParams(teacherParams, service.teacherNotFound().message),
    async (c) => c.json(await service.getPublicProfile(deps, c.req.valid("param").teacherId)),
  );
}
