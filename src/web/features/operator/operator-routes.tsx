import type { RouteObject } from "react-router";
import { RouteErrorPage } from "../../app/route-error-page";

/**
 * The operator desk's pages (issue 27), all inside the desk's layout (sign-in, two-factor setup,
 * nav). One line per page: the applications, reports and accounts pages are added here. The
 * layout is lazy too, so families never download any of the desk.
 */
export const operatorRoutes: RouteObject[] = [
  {
    path: "/operator",
    lazy: () => import("./operator-layout"),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="min-h-dvh" aria-busy="true" />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        // While a page's code loads, the desk's bar is already drawn; the page area waits, empty.
        hydrateFallbackElement: <div className="flex-1" aria-busy="true" />,
        children: [
          { index: true, lazy: () => import("./operator-home-page") },
          { path: "audit", lazy: () => import("./operator-audit-page") },
          { path: "applications", lazy: () => import("./applications/applications-page") },
          { path: "applications/:teacherId", lazy: () => import("./applications/application-page") },
          { path: "reports", lazy: () => import("./reports/reports-page") },
          { path: "reports/:reportId", lazy: () => import("./reports/report-page") },
          { path: "accounts/:userId", lazy: () => import("./accounts/operator-account-page") },
        ],
      },
    ],
  },
];
