import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TeacherReviewStatus } from "../../../../shared/operator/operator.constants";
import type { TeacherDashboard } from "../../../../shared/teachers/profile.schemas";
import { DiscoveryToggle } from "./discovery-toggle";
import { ReviewStatusNotice } from "./review-status-notice";
import { TEACHER_DASHBOARD_QUERY_KEY, useTeacherDashboard } from "./use-teacher-dashboard";

/**
 * Issue 27: the teacher dashboard says where the application stands, keeps the discovery switch
 * off with the reason until it is approved, and lets a teacher sent back for changes resubmit.
 */

function dashboard(reviewStatus: TeacherReviewStatus, reviewMessage: string | null = null): TeacherDashboard {
  const stats = { pendingRequests: 0, upcomingLessonsThisWeek: 0, activeStudents: 0, activeClasses: 0 };
  return { firstName: "Clara", lastName: "Wieck", reviewStatus, reviewMessage, supportEmail: "support@example.test", isDiscoverable: false, discoveryEnabledAt: null, pendingRequests: 0, stats };
}

function Dashboard() {
  const { data } = useTeacherDashboard();
  if (!data) return null;
  return (
    <>
      <ReviewStatusNotice status={data.reviewStatus} message={data.reviewMessage} supportEmail={data.supportEmail} />
      <DiscoveryToggle isDiscoverable={data.isDiscoverable} discoveryEnabledAt={data.discoveryEnabledAt} reviewStatus={data.reviewStatus} />
    </>
  );
}

function renderDashboard(data: TeacherDashboard) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
      const key = `${(init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase()} ${url.pathname}`;
      calls.push(key);
      const headers = { "content-type": "application/json" };
      if (key === "POST /api/teachers/me/application/resubmit") {
        return Promise.resolve(new Response(JSON.stringify({ reviewStatus: "pending", submittedForReviewAt: new Date().toISOString() }), { headers }));
      }
      return Promise.resolve(new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), { status: 404, headers }));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(TEACHER_DASHBOARD_QUERY_KEY, data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), calls };
}

const discoverySwitch = () => screen.getByRole("switch", { name: /Discoverable in search/ });

afterEach(() => vi.unstubAllGlobals());

describe("the teacher dashboard while the application is reviewed (issue 27)", () => {
  it("pending: says the application is being reviewed, and the switch stays off and disabled with that reason", () => {
    renderDashboard(dashboard("pending"));
    expect(screen.getByRole("heading", { name: "Application under review" })).toBeInTheDocument();
    expect(discoverySwitch()).toBeDisabled();
    expect(discoverySwitch()).not.toBeChecked();
    expect(discoverySwitch()).toHaveAccessibleDescription("Your application is being reviewed: families can find you once it is approved.");
  });

  it("changes requested: shows the operator's message, and Resubmit sends the application back for review", async () => {
    const { user, calls } = renderDashboard(dashboard("changes_requested", "Please add your teaching certificate."));
    expect(screen.getByText("Please add your teaching certificate.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/teacher/settings");
    expect(discoverySwitch()).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Resubmit for review" }));

    expect(calls).toContain("POST /api/teachers/me/application/resubmit");
    expect(await screen.findByRole("heading", { name: "Application under review" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Please add your teaching certificate.")).toBeNull());
  });

  it("rejected: shows the reason, and the switch stays off", () => {
    renderDashboard(dashboard("rejected", "The references could not be confirmed."));
    expect(screen.getByRole("heading", { name: "Your application was not approved" })).toBeInTheDocument();
    expect(screen.getByText("The references could not be confirmed.")).toBeInTheDocument();
    // The address to write to is on the page (issue 41), not only in an email.
    expect(screen.getByRole("link", { name: "support@example.test" })).toHaveAttribute("href", "mailto:support@example.test");
    expect(discoverySwitch()).toBeDisabled();
  });

  it("approved: no notice, and the switch can be turned on", () => {
    renderDashboard(dashboard("approved"));
    expect(screen.queryByRole("heading", { name: /Application under review|Changes needed|not approved/ })).toBeNull();
    expect(discoverySwitch()).toBeEnabled();
    expect(screen.getByText(/You are hidden: parents cannot find you in search/)).toBeInTheDocument();
  });
});
