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
        // While a page's code loads, the desk's bar is already drawn; the page area waits, empty.
        hydrateFallbackElement: <div className="flex-1" aria-busy="true" />,
        children: [
          { index: true, lazy: () => import("./operator-home-page") },
          { path: "audit", lazy: () => import("./operator-audit-page") },
        ],
      },
    ],
  },
];
