import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { AppError } from "../shared/errors";
import { createAccountsRoutes } from "./accounts/accounts.routes";
import { createCalendarRoutes } from "./calendar/calendar.routes";
import { createBookingRoutes, createSlotsRoutes } from "./booking/booking.routes";
import { createClassesRoutes } from "./classes/classes.routes";
import { createBillingRoutes, createEarningsRoutes } from "./earnings/earnings.routes";
import { createAuthHandlerRoutes, createSessionRoutes } from "./auth/auth.routes";
import type { Deps } from "./deps";
import type { AppEnv } from "./http/app-env";
import { resolveClientIp } from "./http/client-ip";
import { errorHandler } from "./http/errors";
import { requestBodyLimit } from "./http/body-limit";
import { compressResponses } from "./http/compress-responses";
import { sameOriginOnly } from "./http/same-origin-only";
import { noStoreByDefault, securityHeaders } from "./http/security-headers";
import { trustedOrigins } from "./http/trusted-origins";
import { requestLogger } from "./http/request-logger";
import { createFamilyInvoicesRoutes, createInvoicesRoutes } from "./invoices/invoices.routes";
import { createLessonsRoutes } from "./lessons/lessons.routes";
import { createWaitlistRoutes } from "./waitlist/waitlist.routes";
import { createPracticeRoutes } from "./practice/practice.routes";
import { createLandingRoutes } from "./landing/landing.routes";
import { createLiveRoutes } from "./live/live.routes";
import { createOperatorApplicationsRoutes } from "./operator/applications.routes";
import { createMessagesRoutes } from "./messages/messages.routes";
import { createSearchRoutes } from "./search/search.routes";
import { createHouseholdRoutes } from "./households/households.routes";
import { createParentsRoutes } from "./parents/parents.routes";
import { createStudentsRoutes } from "./students/students.routes";
import { pingDatabase } from "./db/health";
import { createMetricsRoutes, createReadinessRoute, requestMetrics } from "./metrics/metrics.routes";
import { createIntroVideoFileRoutes } from "./teachers/intro-video-file.routes";
import { createOwnTeacherRoutes } from "./teachers/own-teacher.routes";
import { createTeacherApplicationRoutes } from "./teachers/teacher-application.routes";
import { createPublicProfileRoutes } from "./teachers/public-profile.routes";
import { createReviewsRoutes, createTeacherReviewsRoutes } from "./reviews/reviews.routes";
import { createOperatorAccountsRoutes } from "./operator/operator-accounts.routes";
import { createOperatorDeskRoutes } from "./operator/operator.routes";
import { createOperatorReportsRoutes, createReportsRoutes } from "./reports/reports.routes";

/** Builds the API. Never listens: main.ts serves it, tests call `app.request()`. */
export function createApp(deps: Deps) {
  const api = new Hono<AppEnv>()
    .get("/health", async (c) => {
      await pingDatabase(deps.db);
      return c.json({ status: "ok", database: deps.driver });
    })
    .route("/health/ready", createReadinessRoute(deps))
    .route("/auth", createAuthHandlerRoutes(deps))
    .route("/session", createSessionRoutes(deps))
    .route("/accounts", createAccountsRoutes(deps))
    .route("/landing", createLandingRoutes(deps))
    .route("/search", createSearchRoutes(deps))
    .route("/parents", createParentsRoutes(deps))
    .route("/household", createHouseholdRoutes(deps))
    .route("/students", createStudentsRoutes(deps))
    .route("/teachers/me", createOwnTeacherRoutes(deps))
    .route("/teachers", createTeacherApplicationRoutes(deps))
    .route("/teachers", createPublicProfileRoutes(deps))
    .route("/teachers", createTeacherReviewsRoutes(deps))
    .route("/teachers", createSlotsRoutes(deps))
    .route("/reviews", createReviewsRoutes(deps))
    .route("/files", createIntroVideoFileRoutes(deps))
    .route("/bookings", createBookingRoutes(deps))
    .route("/classes", createClassesRoutes(deps))
    .route("/calendar", createCalendarRoutes(deps))
    .route("/earnings", createEarningsRoutes(deps))
    .route("/invoices", createInvoicesRoutes(deps))
    .route("/billing", createFamilyInvoicesRoutes(deps))
    .route("/billing", createBillingRoutes(deps))
    .route("/messages", createMessagesRoutes(deps))
    .route("/live", createLiveRoutes(deps))
    .route("/lessons", createLessonsRoutes(deps))
    .route("/waitlist", createWaitlistRoutes(deps))
    .route("/practice", createPracticeRoutes(deps))
    .route("/reports", createReportsRoutes(deps))
    .route("/operator/applications", createOperatorApplicationsRoutes(deps))
    .route("/operator/accounts", createOperatorAccountsRoutes(deps))
    .route("/operator/reports", createOperatorReportsRoutes(deps))
    .route("/operator", createOperatorDeskRoutes(deps));

  const app = new Hono<AppEnv>()
    .use("*", requestId())
    .use("*", resolveClientIp(deps.env.TRUSTED_PROXIES))
    .use("*", requestLogger(deps.logger))
    .use("*", requestMetrics)
    // JSON and other text made per request, gzip-compressed (http/compress-responses.ts).
    .use("/api/*", compressResponses)
    .use("*", securityHeaders({ https: deps.env.PUBLIC_URL.startsWith("https://") }))
    .use("/api/*", noStoreByDefault)
    .use("/api/*", sameOriginOnly(trustedOrigins(deps.env)))
    .use("/api/*", requestBodyLimit)
    .route("/api", api)
    .route("/", createMetricsRoutes(deps));

  // Unknown API paths answer JSON, never the SPA's index.html.
  app.all("/api/*", (c) => {
    throw new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}`);
  });
  app.onError(errorHandler(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;
export type AppType = App;
