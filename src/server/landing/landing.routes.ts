import { Hono } from "hono";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { getLandingStats } from "./landing.service";

export function createLandingRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/stats", async (c) => {
    c.header("cache-control", "public, max-age=60");
    return c.json(await getLandingStats(deps));
  });
}
