import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router";
import { RequireAuth } from "./guards";
import { AppLayout } from "./layout";
import { shellRoute } from "./page-shell";

/** `/calendar?student=…` is referenced by the spec; the parent calendar is where it lives. */
function CalendarRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/parent/calendar${search}`} replace />;
}

/** The route table of spec section 2; every screen is a lazy module. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: "/", lazy: () => import("../features/landing/landing-page") },
      { path: "/find-teachers", lazy: shellRoute("Find Teachers") },
      { path: "/teacher/profile/:teacherId", lazy: shellRoute("Teacher Profile") },
      { path: "/unauthorized", lazy: () => import("../features/auth/unauthorized-page") },
      { path: "/signup/parent", lazy: () => import("../features/accounts/parent-sign-up-page") },
      { path: "/reset-password", lazy: () => import("../features/auth/reset-password-page") },
      { path: "/calendar", element: <CalendarRedirect /> },
      {
        element: <RequireAuth role="parent" />,
        children: [
          { path: "/dashboard", lazy: shellRoute("Parent Dashboard") },
          { path: "/parent/student-profiles", lazy: shellRoute("My Students") },
          { path: "/parent/student/:studentId", lazy: shellRoute("Student Profile") },
          { path: "/parent/calendar", lazy: shellRoute("Calendar") },
          { path: "/manage", lazy: shellRoute("Manage Classes") },
          { path: "/settings", lazy: shellRoute("Settings") },
          { path: "/billing", lazy: shellRoute("Billing") },
        ],
      },
      {
        element: <RequireAuth role="teacher" />,
        children: [
          { path: "/teacher-landing", lazy: shellRoute("Teacher Dashboard") },
          { path: "/teacher/schedule", lazy: shellRoute("Schedule") },
          { path: "/teacher/calendar", lazy: shellRoute("Calendar") },
          { path: "/teacher/manage", lazy: shellRoute("Manage Classes") },
          { path: "/teacher/settings", lazy: shellRoute("Teacher Settings") },
          { path: "/teacher/earnings", lazy: shellRoute("Earnings") },
          { path: "/teacher/students", lazy: shellRoute("My Students") },
        ],
      },
      {
        element: <RequireAuth role="any" />,
        children: [
          { path: "/class/:classId", lazy: shellRoute("Class") },
          { path: "/messages", lazy: shellRoute("Messages") },
        ],
      },
      { path: "*", lazy: () => import("./not-found-page") },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
