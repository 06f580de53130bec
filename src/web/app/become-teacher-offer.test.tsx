import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../shared/accounts/accounts.constants";
import { ME_QUERY_KEY } from "../features/auth/use-me";
import { AuthDialogsProvider } from "../features/auth/auth-dialogs";
import { MobileMenu } from "./mobile-menu";
import { TopBar } from "./top-bar";

function renderTopBar(role: Role | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ME_QUERY_KEY, role ? { user: { id: "u1", email: "me@example.test", name: "Me" }, role } : { user: null, role: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AuthDialogsProvider>
          <TopBar />
        </AuthDialogsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Become a Teacher is offered to everyone but a teacher", () => {
  // The signed-in top bar asks for unread messages; nothing here is about them.
  beforeEach(() => vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(JSON.stringify({ unread: 0 }), { headers: { "content-type": "application/json" } })))));
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [null, true],
    ["parent", true],
    ["teacher", false],
  ] as [Role | null, boolean][])("top bar for %s: offered %s", (role, offered) => {
    renderTopBar(role);
    expect(screen.queryAllByRole("button", { name: "Become a Teacher" })).toHaveLength(offered ? 1 : 0);
  });

  it.each([
    [null, true],
    ["teacher", false],
  ] as [Role | null, boolean][])("phone menu for %s: offered %s", async (role, offered) => {
    render(
      <MemoryRouter>
        <MobileMenu role={role} dashboardLabel={role ? "Go to Teacher Dashboard" : null} onBecomeTeacher={() => {}} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("menuitem", { name: "Find Teachers" })).toBeInTheDocument();
    expect(screen.queryAllByRole("menuitem", { name: "Become a Teacher" })).toHaveLength(offered ? 1 : 0);
  });
});
