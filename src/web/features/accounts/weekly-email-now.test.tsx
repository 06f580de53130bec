import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmailPreferencesDTO, WeeklyPreviewResult } from "../../../shared/accounts/email-preferences";
import { EmailPreferencesSection } from "./email-preferences-section";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The email settings as stored, and what POST /api/accounts/me/weekly-email answers. */
function server(settings: EmailPreferencesDTO, answer: () => Response) {
  const posts = vi.fn();
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string | URL, init?: RequestInit) => {
      const url = input.toString();
      if (url.includes("/api/accounts/me/weekly-email") && init?.method === "POST") {
        posts();
        return Promise.resolve(answer());
      }
      return Promise.resolve(json(200, settings));
    }),
  );
  return posts;
}

function show(audience: "parent" | "teacher") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailPreferencesSection audience={audience} />
    </QueryClientProvider>,
  );
}

const ALL_ON = { booking: true, reminders: true, messages: true, weekly: true };
afterEach(() => vi.unstubAllGlobals());

describe("Email me this week's digest now", () => {
  it("sends the week so far and says where it went", async () => {
    const sent: WeeklyPreviewResult = { sent: true, to: "dana@example.test" };
    const posts = server({ preferences: ALL_ON, audience: "parent", emailOn: true }, () => json(200, sent));
    show("parent");
    await userEvent.click(await screen.findByRole("button", { name: "Email me this week's digest now" }));
    expect(await screen.findByText(/Sent to dana@example.test: this week so far/)).toBeInTheDocument();
    expect(posts).toHaveBeenCalledTimes(1);
  });

  it("says why nothing was sent, in the server's words, and a teacher's is the summary", async () => {
    const nothing: WeeklyPreviewResult = { sent: false, reason: "nothing_to_say", message: "There is nothing for this week's email yet." };
    server({ preferences: ALL_ON, audience: "teacher", emailOn: true }, () => json(200, nothing));
    show("teacher");
    await userEvent.click(await screen.findByRole("button", { name: "Email me this week's summary now" }));
    expect(await screen.findByText("There is nothing for this week's email yet.")).toBeInTheDocument();
  });

  it("shows a refusal's message, and is not offered while the weekly email or all email is off", async () => {
    server({ preferences: ALL_ON, audience: "teacher", emailOn: true }, () => json(409, { error: { code: "conflict", message: "Turn on Weekly summary first." } }));
    show("teacher");
    await userEvent.click(await screen.findByRole("button", { name: "Email me this week's summary now" }));
    expect(await screen.findByText("Turn on Weekly summary first.")).toBeInTheDocument();
    vi.unstubAllGlobals();
    document.body.innerHTML = "";

    server({ preferences: { ...ALL_ON, weekly: false }, audience: "parent", emailOn: true }, () => json(500, {}));
    show("parent");
    await screen.findByRole("switch", { name: "Weekly digest" });
    expect(screen.queryByRole("button", { name: /this week's digest now/ })).not.toBeInTheDocument();
  });
});
