import type { QueryClient } from "@tanstack/react-query";
import { Navigate, useLocation, type RouteObject } from "react-router";
import { operatorRoutes } from "../features/operator/operator-routes";
import { publicProfileQuery } from "../features/teachers/profile/use-public-profile";
import { RequireAuth } from "./guards";
import { AppLayout } from "./layout";
import { RouteErrorPage } from "./route-error-page";

/** `/calendar?student=…` is referenced by the spec; the parent calendar is where it lives. */
function CalendarRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/parent/calendar${search}`} replace />;
}

/**
 * The route table of spec section 2; every screen is a lazy module, and a broken one shows
 * RouteErrorPage. `queryClient` lets a landing page's data start loading beside its code.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  // The operator desk has its own layout (no marketplace top bar, no live updates).
  ...operatorRoutes,
  {
    element: <AppLayout />,
    // A page that throws or whose chunk fails to load shows the error page inside the layout (top
    // bar kept); the root's own errorElement covers the layout itself.
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        // While the first page's code loads (it was named in the HTML, so it is on its way) the
        // layout and top bar are already drawn; the page area waits, empty, instead of the window.
        hydrateFallbackElement: <div className="flex-1" aria-busy="true" />,
        children: [
          { path: "/", lazy: () => import("../features/landing/landing-page") },
          { path: "/find-teachers", lazy: () => import("../features/search/find-teachers-page") },
          {
            path: "/teacher/profile/:teacherId",
            // The teacher's name is the profile's largest paint: fetch it now, not once the page's code has run.
            loader: ({ params }) => {
              if (params.teacherId) void queryClient.prefetchQuery(publicProfileQuery(params.teacherId));
              return null;
            },
            lazy: () => import("../features/teachers/profile/teacher-profile-page"),
          },
          { path: "/unauthorized", lazy: () => import("../features/auth/unauthorized-page") },
          { path: "/signup/parent", lazy: () => import("../features/accounts/parent-sign-up-page") },
          { path: "/reset-password", lazy: () => import("../features/auth/reset-password-page") },
          { path: "/household/join", lazy: () => import("../features/households/household-join-page") },
          { path: "/calendar", element: <CalendarRedirect /> },
          {
            element: <RequireAuth role="parent" />,
            children: [
              { path: "/dashboard", lazy: () => import("../features/parents/dashboard-page") },
              { path: "/parent/student-profiles", lazy: () => import("../features/students/student-profiles-page") },
              { path: "/parent/student/:studentId", lazy: () => import("../features/students/student-profile-page") },
              { path: "/parent/calendar", lazy: () => import("../features/calendar/calendar-page") },
              { path: "/manage", lazy: () => import("../features/classes/manage-classes-page") },
              { path: "/settings", lazy: () => import("../features/parents/settings-page") },
              { path: "/settings/household", lazy: () => import("../features/households/household-page") },
              { path: "/billing", lazy: () => import("../features/earnings/billing-page") },
              { path: "/billing/invoices/:invoiceId", lazy: () => import("../features/invoices/family-invoice-page") },
            ],
          },
          {
            element: <RequireAuth role="teacher" />,
            children: [
              { path: "/teacher-landing", lazy: () => import("../features/teachers/dashboard/teacher-dashboard-page") },
              { path: "/teacher/schedule", lazy: () => import("../features/teachers/schedule/teacher-schedule-page") },
              { path: "/teacher/calendar", lazy: () => import("../features/calendar/calendar-page") },
              { path: "/teacher/manage", lazy: () => import("../features/classes/manage-classes-page") },
              { path: "/teacher/settings", lazy: () => import("../features/teachers/settings/teacher-settings-page") },
              { path: "/teacher/earnings", lazy: () => import("../features/earnings/teacher-earnings-page") },
              { path: "/teacher/students", lazy: () => import("../features/teachers/students/teacher-students-page") },
              { path: "/teacher/invoices", lazy: () => import("../features/invoices/invoices-page") },
              { path: "/teacher/invoices/new", lazy: () => import("../features/invoices/new-invoice-page") },
              { path: "/teacher/invoices/:invoiceId", lazy: () => import("../features/invoices/invoice-page") },
            ],
          },
          {
            element: <RequireAuth role="any" />,
            children: [
              { path: "/class/:classId", lazy: () => import("../features/classes/class-page") },
              { path: "/messages", lazy: () => import("../features/messages/messages-page") },
              { path: "/messages/:conversationId", lazy: () => import("../features/messages/messages-page") },
            ],
          },
          { path: "*", lazy: () => import("./not-found-page") },
        ],
      },
    ],
  },
];
