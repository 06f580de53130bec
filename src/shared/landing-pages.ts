/**
 * The pages visitors arrive on from outside (a search engine, a shared link), with the route module
 * each lazy-loads: keys of Vite's build manifest, relative to src/web, as router.tsx imports them.
 * The server names these modules' chunks in the page it sends (modulepreload), so they download
 * beside the entry instead of after it; the first-load budget measures the same pages
 * (scripts/bundle-size.ts). `data` is the API path whose answer the page paints first (its
 * parameters are the page's): the page names it too (preload), so it loads beside the code.
 */
export const LANDING_PAGES: readonly { path: string; module: string; data?: string }[] = [
  { path: "/", module: "features/landing/landing-page.tsx" },
  { path: "/find-teachers", module: "features/search/find-teachers-page.tsx" },
  // The teacher's name is the profile's largest paint (use-public-profile.ts fetches the same URL).
  { path: "/teacher/profile/:teacherId", module: "features/teachers/profile/teacher-profile-page.tsx", data: "/api/teachers/:teacherId/public" },
];

/**
 * The parameters of a URL path that is the route path ("/teacher/profile/:teacherId": one
 * segment per parameter), or null when it is not.
 */
export function matchRoutePath(routePath: string, urlPath: string): Record<string, string> | null {
  const want = routePath.split("/").filter(Boolean);
  const have = urlPath.split("/").filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(":")) params[segment.slice(1)] = have[i]!;
    else if (segment !== have[i]) return null;
  }
  return params;
}

/** A route path with its parameters filled in, or null when one is missing. */
export function fillRoutePath(routePath: string, params: Record<string, string>): string | null {
  const segments = routePath.split("/").map((segment) => (segment.startsWith(":") ? params[segment.slice(1)] : segment));
  return segments.every((s) => s !== undefined) ? segments.join("/") : null;
}
