import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../shared/accounts/accounts.constants";
import { AccountMenu } from "../features/auth/account-menu";
import { Component as TeacherDashboard } from "../features/teachers/dashboard/teacher-dashboard-page";
import { MobileMenu } from "./mobile-menu";

function At() {
  return <p>at {useLocation().pathname}</p>;
}

function renderAt(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/start"]}>
        <Routes>
          <Route path="/start" element={ui} />
          <Route path="*" element={<At />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("the calendar is linked where a user looks for it", () => {
  it.each([
    ["teacher", "/teacher/calendar"],
    ["parent", "/parent/calendar"],
  ] as [Role, string][])("the account menu of a %s opens %s", async (role, path) => {
    const user = renderAt(<AccountMenu email="me@example.test" role={role} />);
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "My Calendar" }));
    expect(await screen.findByText(`at ${path}`)).toBeInTheDocument();
  });

  it("the account menu of an account without a role has no calendar", async () => {
    const user = renderAt(<AccountMenu email="me@example.test" role={null} />);
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    expect(await screen.findByRole("menuitem", { name: /Dashboard/ })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "My Calendar" })).not.toBeInTheDocument();
  });

  it("the phone menu of a signed-in teacher opens their calendar", async () => {
    const user = renderAt(<MobileMenu role="teacher" dashboardLabel="Go to Teacher Dashboard" onBecomeTeacher={() => {}} />);
    await user.click(await screen.findByRole("menuitem", { name: "My Calendar" }));
    expect(await screen.findByText("at /teacher/calendar")).toBeInTheDocument();
  });

  it("a visitor's phone menu has no calendar", async () => {
    renderAt(<MobileMenu role={null} dashboardLabel={null} onBecomeTeacher={() => {}} />);
    expect(await screen.findByRole("menuitem", { name: "Find Teachers" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "My Calendar" })).not.toBeInTheDocument();
  });

  it("the teacher dashboard's quick links open the calendar", async () => {
    const dashboard = {
      firstName: "Casey",
      lastName: "Keys",
      isDiscoverable: true,
      discoveryEnabledAt: null,
      pendingRequests: 0,
      stats: { pendingRequests: 0, upcomingLessonsThisWeek: 0, activeStudents: 0, activeClasses: 0 },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn((input: string | URL | Request) => {
        const url = input instanceof Request ? input.url : input.toString();
        const body = url.includes("/dashboard") ? dashboard : url.includes("/unread") ? { unread: 0 } : url.includes("/lessons") ? { lessons: [] } : { bookings: [] };
        return Promise.resolve(new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
      }),
    );
    renderAt(<TeacherDashboard />);
    const link = await screen.findByRole("link", { name: "My calendar" });
    expect(link).toHaveAttribute("href", "/teacher/calendar");
  });
});
