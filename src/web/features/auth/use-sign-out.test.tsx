import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { SignOutFailedAlert } from "./sign-out-failed-alert";
import { SIGN_OUT_FAILED_MESSAGE, useSignOut } from "./use-sign-out";

/** A page with a Sign Out button wired as the account menu and the teacher dashboard wire it. */
function Page() {
  const signOut = useSignOut();
  const location = useLocation();
  return (
    <>
      <p>at {location.pathname}</p>
      <button type="button" onClick={() => signOut.mutate()}>
        Sign Out
      </button>
      <SignOutFailedAlert signOut={signOut} />
    </>
  );
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("Sign Out", () => {
  it.each([401, 403, 404, 500, 503])("a %i answer is shown as a failure and the user stays on the page", async (status) => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: "nope" }), { status })));
    vi.stubGlobal("fetch", fetchMock);
    const user = renderAt("/parent-landing");
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(SIGN_OUT_FAILED_MESSAGE);
    expect(SIGN_OUT_FAILED_MESSAGE).toBe("Sign out failed. Please try again.");
    expect(screen.getByText("at /parent-landing")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/sign-out", expect.objectContaining({ method: "POST" }));
  });

  it("a network error is a failure too, and the alert can be dismissed", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    const user = renderAt("/teacher-landing");
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(SIGN_OUT_FAILED_MESSAGE);
    expect(screen.getByText("at /teacher-landing")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a 2xx signs out and goes home with no alert", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
    const user = renderAt("/parent-landing");
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(screen.getByText("at /")).toBeInTheDocument());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
