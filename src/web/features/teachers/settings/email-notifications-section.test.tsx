import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmailPreferencesDTO } from "../../../../shared/accounts/email-preferences";
import { EmailNotificationsSection } from "./email-notifications-section";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function show(answer: EmailPreferencesDTO) {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(json(200, answer))));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EmailNotificationsSection />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("Teacher settings: Email notifications (issue 29)", () => {
  it("is a panel of its own with the teacher's four switches", async () => {
    // The server's audience is the active role; the teacher's page uses the teacher's wording regardless.
    show({ preferences: { booking: true, reminders: true, messages: false, weekly: true }, audience: "parent", emailOn: true });
    const panel = screen.getByRole("region", { name: "Email notifications" });
    expect(within(panel).getByRole("heading", { level: 2, name: "Email notifications" })).toBeInTheDocument();
    expect(within(panel).getByText(/Saved as you switch/)).toBeInTheDocument();
    const group = await within(panel).findByRole("group", { name: "Email notifications" });
    expect(within(group).getByRole("switch", { name: "Booking requests and changes" })).toHaveAttribute("aria-checked", "true");
    expect(within(group).getByRole("switch", { name: "New messages" })).toHaveAttribute("aria-checked", "false");
    expect(within(group).getByRole("switch", { name: "Weekly summary" })).toBeEnabled();
  });

  it("points a teacher who is also a parent with email off to the parent settings", async () => {
    show({ preferences: { booking: true, reminders: true, messages: true, weekly: true }, audience: "teacher", emailOn: false });
    expect(await screen.findByText(/Email notifications are off in your parent settings/)).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Lesson reminders" })).toBeDisabled();
  });
});
