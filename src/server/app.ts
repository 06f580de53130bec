import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { createAccountsRoutes } from "./accounts/accounts.routes";
import { createAuthHandlerRoutes, createSessionRoutes } from "./auth/auth.routes";
import type { AppEnv, Deps } from "./http/app-env";
import { errorHandler } from "./http/errors";
import { jsonBodyLimit } from "./http/json-body-limit";
import { requestLogger } from "./http/request-logger";
import { createLandingRoutes } from "./landing/landing.routes";

/** Builds the API. Never listens: main.ts serves it, tests call `app.request()`. */
export function createApp(deps: Deps) {
  const api = new Hono<AppEnv>()
    .get("/health", async (c) => {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: deps.driver });
    })
    .route("/auth", createAuthHandlerRoutes(deps))
    .route("/session", createSessionRoutes(deps))
    .route("/accounts", createAccountsRoutes(deps))
    .route("/landing", createLandingRoutes(deps));

  const app = new Hono<AppEnv>()
    .use("*", requestId())
    .use("*", requestLogger(deps.logger))
    .use("/api/*", jsonBodyLimit)
    .route("/api", api);

  // Unknown API paths answer JSON, never the SPA's index.html.
  app.all("/api/*", (c) => {
    throw new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}`);
  });
  app.onError(errorHandler(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;
export type AppType = App;
