import { Hono } from "hono";
import { searchQuerySchema } from "../../shared/search/search.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { warmGazetteer } from "../geo";
import * as service from "./search.service";

/** /api/search: public (anonymous visitors browse teachers, spec section 6). */
export function createSearchRoutes(deps: Deps) {
  // Index the gazetteer (about a second) right after start rather than in the first search that
  // names a place; tests skip it, most of them never search by place.
  if (deps.env.NODE_ENV !== "test") setTimeout(warmGazetteer, 0).unref();

  return new Hono<AppEnv>().get("/teachers", validate("query", searchQuerySchema), async (c) =>
    c.json(await service.searchTeachers(deps, c.req.valid("query"))),
  );
}
