import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmailPreferencesDTO } from "../../../../shared/accounts/email-preferences";
import type { ParentSettings, ParentSettingsUpdateInput } from "../../../../shared/parents/parents.schemas";
import { EMAIL_OFF_HINT } from "../../accounts/email-preferences-section";
import { SettingsForm } from "./settings-form";

const SETTINGS: ParentSettings = {
  firstName: "Jordan",
  lastName: "Rivera",
  email: "jordan@example.test",
  phone: null,
  location: null,
  address: null,
  notifications: { email: true, sms: false },
  preferredCommunication: "email",
  wantsNotifications: true,
  allowStudentMessages: true,
  timeZone: null,
  reportedTimeZone: null,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A fake API: the parent's settings (PATCH /api/parents/me) and their email switches, whose
 * `emailOn` follows the stored "Email notifications" as the server's does.
 */
function server(start: ParentSettings) {
  let settings = structuredClone(start);
  const emailPreferences = (): EmailPreferencesDTO => ({
    preferences: { booking: true, reminders: true, messages: true, weekly: true },
    audience: "parent",
    emailOn: settings.notifications.email,
  });
  const fetchMock = vi.fn((input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    if (url.includes("/api/accounts/me/email-preferences")) return Promise.resolve(json(200, emailPreferences()));
    if (url.includes("/api/parents/me") && init?.method === "PATCH") {
      const patch = JSON.parse(typeof init.body === "string" ? init.body : "{}") as ParentSettingsUpdateInput;
      settings = { ...settings, ...(patch.notifications ? { notifications: patch.notifications } : {}) };
      return Promise.resolve(json(200, settings));
    }
    return Promise.resolve(json(404, { error: { code: "not_found", message: "No such route" } }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function show(settings: ParentSettings) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <SettingsForm settings={settings} />
    </QueryClientProvider>,
  );
}

// Braces: a function returned from beforeEach would run as its teardown.
beforeEach(() => {
  server(SETTINGS);
});
afterEach(() => vi.unstubAllGlobals());

describe("SettingsForm: the student-page messages setting", () => {
  it("is named for what it governs, since students have no accounts, and says what turning it off does", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettingsForm settings={SETTINGS} />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(/Allow Student to Message Teacher/)).not.toBeInTheDocument();
    const toggle = screen.getByRole("switch", { name: "Message teachers from student and class pages" });
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(toggle).toHaveAccessibleDescription(
      "Students have no accounts of their own: they write from this account. When this is off, Message Teacher on a student's page and messages from a class page are turned off; you can still message a teacher from their profile, and conversations already in Messages stay open.",
    );
  });

  it("asks for the home address with when and with whom it is shared (issue 26)", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettingsForm settings={{ ...SETTINGS, address: "12 Elm St, Brooklyn, NY" }} />
      </QueryClientProvider>,
    );
    const address = screen.getByRole("textbox", { name: "Home address (optional)" });
    expect(address).toHaveValue("12 Elm St, Brooklyn, NY");
    expect(screen.getByText(/shared only with a teacher who travels to you, after they accept a lesson/)).toBeInTheDocument();
  });
});

describe("SettingsForm: which emails (issue 29)", () => {
  it("lists the four email switches under Email me about, in Notification Preferences, saved on their own", async () => {
    show(SETTINGS);
    const panel = screen.getByRole("region", { name: "Notification Preferences" });
    const heading = within(panel).getByRole("heading", { name: "Email me about", level: 3 });
    expect(heading).toBeInTheDocument();
    expect(within(panel).getByText(/Saved as you switch/)).toBeInTheDocument();
    const group = await within(panel).findByRole("group", { name: "Email me about" });
    expect(within(group).getAllByRole("switch")).toHaveLength(4);
    expect(within(group).getByRole("switch", { name: "Weekly digest" })).toBeEnabled();
  });

  it("unlocks them once Save Changes has turned Email notifications on", async () => {
    const off: ParentSettings = { ...SETTINGS, notifications: { email: false, sms: false }, preferredCommunication: "app", wantsNotifications: false };
    const fetchMock = server(off);
    show(off);
    const user = userEvent.setup();
    const booking = await screen.findByRole("switch", { name: "Booking updates" });
    expect(booking).toBeDisabled();
    expect(screen.getByText(EMAIL_OFF_HINT)).toBeInTheDocument();

    // Switched on but not saved: the server still sends nothing, and the line says to save.
    await user.click(screen.getByRole("switch", { name: "Email notifications" }));
    expect(screen.getByText(/Save Changes to turn on Email notifications/)).toBeInTheDocument();
    expect(booking).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Booking updates" })).toBeEnabled());
    expect(screen.queryByText(/Turn on Email notifications|Save Changes to turn on/)).not.toBeInTheDocument();
    const emailReads = fetchMock.mock.calls.filter(([url, init]) => url.toString().includes("email-preferences") && (init?.method ?? "GET") === "GET");
    expect(emailReads.length).toBe(2);
  });
});
