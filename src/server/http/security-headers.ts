import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env";

/**
 * The web's usual defences on every response (HTML, assets, API), from Hono's secureHeaders.
 * Scripts only from our own origin (the built SPA has no inline script); styles may be inline
 * because Radix and the dialogs' scroll lock set style elements at run time; nothing may frame us.
 */
export function securityHeaders({ https }: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      // canvas-confetti draws the achievement confetti in a worker it creates from a blob: URL;
      // script-src governs workers unless worker-src says otherwise.
      workerSrc: ["'self'", "blob:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    // HSTS only means something over https; on http://localhost it would pin a name to https.
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    // Intro videos and class files are fetched by <video> and new tabs of our own origin only.
    crossOriginResourcePolicy: "same-origin",
  });
}

/** Private JSON must not be kept by browsers or shared caches; a route that may be cached says so itself. */
export const noStoreByDefault = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
});
