import type { RouteObject } from "react-router";
import { RouteErrorPage } from "../../app/route-error-page";
import { OperatorLayout } from "./operator-layout";

/**
 * The operator desk's pages (issue 27), all inside OperatorLayout (sign-in, two-factor setup,
 * nav). One line per page: the applications, reports and accounts pages are added here.
 */
export const operatorRoutes: RouteObject[] = [
  {
    path: "/operator",
    element: <OperatorLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: () => import("./operator-home-page") },
          { path: "audit", lazy: () => import("./operator-audit-page") },
          { path: "applications", lazy: () => import("./applications/applications-page") },
          { path: "applications/:teacherId", lazy: () => import("./applications/application-page") },
          { path: "accounts/:userId", lazy: () => import("./accounts/operator-account-page") },
        ],
      },
    ],
  },
];
