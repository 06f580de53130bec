import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../shared/auth/auth.schemas";
import { useBookTeacher } from "./use-book-teacher";

const openSignIn = vi.fn();
vi.mock("../auth/auth-dialogs", () => ({ useAuthDialogs: () => ({ openSignIn }) }));

const PARENT: Me = { user: { id: "u1", email: "p@example.test", name: "Jordan Rivera" }, role: "parent", profiles: { parent: true, teacher: false } };
const SIGNED_OUT: Me = { user: null, role: null, profiles: { parent: false, teacher: false } };

/** /api/session answers only when `answer` is called: a click can come first. */
function slowSession(me: Me) {
  let answer = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(new Response(JSON.stringify(me), { headers: { "content-type": "application/json" } }));
        }),
    ),
  );
  return () => answer();
}

function renderBooking() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/teacher/profile/t1"]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useBookTeacher(), { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  openSignIn.mockReset();
});

describe("booking from a profile before the session is read (the lesson-series flake)", () => {
  it("a signed-in parent who clicks first gets the booking panel, not Sign In", async () => {
    const answer = slowSession(PARENT);
    const { result } = renderBooking();
    let clicked!: Promise<void>;
    act(() => {
      clicked = result.current.onBook("full");
    });
    answer();
    await act(() => clicked);
    await waitFor(() => expect(result.current.bookingType).toBe("full"));
    expect(openSignIn).not.toHaveBeenCalled();
  });

  it("a visitor who clicks first is asked to sign in, and comes back to the open panel", async () => {
    const answer = slowSession(SIGNED_OUT);
    const { result } = renderBooking();
    let clicked!: Promise<void>;
    act(() => {
      clicked = result.current.onBook("intro");
    });
    answer();
    await act(() => clicked);
    expect(openSignIn).toHaveBeenCalledWith("/teacher/profile/t1?book=intro");
    expect(result.current.bookingType).toBeNull();
  });
});
