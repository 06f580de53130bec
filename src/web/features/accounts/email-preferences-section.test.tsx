import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmailPreferences, EmailPreferencesDTO } from "../../../shared/accounts/email-preferences";
import { ALWAYS_SENT_NOTE, EMAIL_OFF_HINT, EmailPreferencesSection } from "./email-preferences-section";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ALL_ON: EmailPreferences = { booking: true, reminders: true, messages: true, weekly: true };

/**
 * A fake /api/accounts/me/email-preferences that keeps the switches and applies each PATCH, or
 * answers a PATCH with `patchAnswer` (a failure), or holds it until the test releases it.
 */
function server(start: EmailPreferencesDTO, options: { patchAnswer?: () => Response; hold?: boolean } = {}) {
  let state = structuredClone(start);
  const held: (() => void)[] = [];
  const patches: unknown[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    if (!url.includes("/api/accounts/me/email-preferences")) return json(404, { error: { code: "not_found", message: "No such route" } });
    if (init?.method === "PATCH") {
      const patch = JSON.parse(typeof init.body === "string" ? init.body : "{}") as Partial<EmailPreferences>;
      patches.push(patch);
      if (options.hold) await new Promise<void>((release) => held.push(release));
      if (options.patchAnswer) return options.patchAnswer();
      state = { ...state, preferences: { ...state.preferences, ...patch } };
      return json(200, state);
    }
    return json(200, state);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    patches,
    releaseNext: () => held.shift()?.(),
    heldCount: () => held.length,
  };
}

function show(props: Parameters<typeof EmailPreferencesSection>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailPreferencesSection {...props} />
    </QueryClientProvider>,
  );
}

const toggle = (name: string) => screen.findByRole("switch", { name });

afterEach(() => vi.unstubAllGlobals());

describe("EmailPreferencesSection: what the server has", () => {
  it("shows each switch as stored, with the parent's labels and hints, and which emails always go", async () => {
    server({ preferences: { booking: true, reminders: false, messages: true, weekly: false }, audience: "parent", emailOn: true });
    show();
    expect(await toggle("Booking updates")).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("switch", { name: "Lesson reminders" })).toHaveAttribute("aria-checked", "false");
    expect(screen.getByRole("switch", { name: "New messages" })).toHaveAttribute("aria-checked", "true");
    const weekly = screen.getByRole("switch", { name: "Weekly digest" });
    expect(weekly).toHaveAttribute("aria-checked", "false");
    expect(weekly).toHaveAccessibleDescription(/next week's lessons, practice, grades, homework and unread messages/);
    for (const name of ["Booking updates", "Lesson reminders", "New messages", "Weekly digest"]) {
      expect(screen.getByRole("switch", { name })).toBeEnabled();
    }
    expect(screen.getByText(ALWAYS_SENT_NOTE)).toBeInTheDocument();
    expect(screen.queryByText(EMAIL_OFF_HINT)).not.toBeInTheDocument();
  });

  it("uses the teacher's wording on the teacher's page", async () => {
    server({ preferences: ALL_ON, audience: "teacher", emailOn: true });
    show({ audience: "teacher" });
    expect(await toggle("Booking requests and changes")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Weekly summary" })).toHaveAccessibleDescription(/your students' practice this week/);
    expect(screen.queryByRole("switch", { name: "Weekly digest" })).not.toBeInTheDocument();
  });
});

describe("EmailPreferencesSection: a first read that fails", () => {
  it("shows the server's message and reads again on Try again", async () => {
    let answer = json(403, { error: { code: "forbidden", message: "Email settings are for parent and teacher accounts." } });
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(answer)));
    show();
    expect(await screen.findByRole("alert")).toHaveTextContent("Email settings are for parent and teacher accounts.");
    answer = json(200, { preferences: ALL_ON, audience: "parent", emailOn: true });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await toggle("Booking updates")).toBeEnabled();
  });
});

describe("EmailPreferencesSection: switching", () => {
  it("sends only the switch flipped, shows it at once, and says Saved when the server has it", async () => {
    const fake = server({ preferences: { ...ALL_ON, reminders: false }, audience: "parent", emailOn: true }, { hold: true });
    show();
    const user = userEvent.setup();
    const reminders = await toggle("Lesson reminders");
    await user.click(reminders);

    // On at once, before the server answers.
    expect(reminders).toHaveAttribute("aria-checked", "true");
    await waitFor(() => expect(fake.heldCount()).toBe(1));
    expect(fake.patches).toEqual([{ reminders: true }]);
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();

    fake.releaseNext();
    expect(await screen.findByText("Saved")).toBeInTheDocument();
    expect(reminders).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("switch", { name: "Booking updates" })).toHaveAttribute("aria-checked", "true");
  });

  it("sends two quick taps in the order they were made, one after the other", async () => {
    const fake = server({ preferences: ALL_ON, audience: "parent", emailOn: true }, { hold: true });
    show();
    const user = userEvent.setup();
    const messages = await toggle("New messages");
    await user.click(messages);
    await user.click(messages);
    expect(messages).toHaveAttribute("aria-checked", "true");
    // The second waits for the first: never two saves racing each other.
    await waitFor(() => expect(fake.heldCount()).toBe(1));
    expect(fake.patches).toEqual([{ messages: false }]);

    fake.releaseNext();
    await waitFor(() => expect(fake.patches).toEqual([{ messages: false }, { messages: true }]));
    // "Saved" (the first's) is already up: this looks at the switch while the second is answered.
    // The switch once read the answer and the list of saves from two components, and blinked off here.
    fake.releaseNext();
    expect(await screen.findByText("Saved")).toBeInTheDocument();
    expect(messages).toHaveAttribute("aria-checked", "true");
    await waitFor(() => expect(fake.fetchMock).toHaveBeenCalledTimes(3));
    expect(messages).toHaveAttribute("aria-checked", "true");
  });

  it("puts the switch back and shows the server's message when the save fails", async () => {
    const message = "Weekly emails must be on or off";
    server(
      { preferences: ALL_ON, audience: "parent", emailOn: true },
      { patchAnswer: () => json(400, { error: { code: "validation", message } }) },
    );
    show();
    const user = userEvent.setup();
    const weekly = await toggle("Weekly digest");
    await user.click(weekly);

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(weekly).toHaveAttribute("aria-checked", "true");
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });

  it("locks the four switches while Email notifications is off, and says where to turn it on", async () => {
    const fake = server({ preferences: ALL_ON, audience: "parent", emailOn: false });
    show();
    const user = userEvent.setup();
    const booking = await toggle("Booking updates");
    for (const name of ["Booking updates", "Lesson reminders", "New messages", "Weekly digest"]) {
      expect(screen.getByRole("switch", { name })).toBeDisabled();
    }
    expect(screen.getByText(EMAIL_OFF_HINT)).toBeInTheDocument();
    expect(screen.getByRole("group")).toHaveAccessibleDescription(EMAIL_OFF_HINT);

    await user.click(booking);
    expect(booking).toHaveAttribute("aria-checked", "true");
    expect(fake.patches).toEqual([]);
  });
});
