import { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouteErrorPage } from "./route-error-page";
import { appRoutes } from "./router";

function Broken(): never {
  throw new Error("render failed");
}

/** The app's shape: a layout route with the error element at its root and around its pages. */
function renderAt(path: string, children: RouteObject[]) {
  const router = createMemoryRouter(
    [{ path: "/", errorElement: <RouteErrorPage />, children: [{ errorElement: <RouteErrorPage />, children }] }],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe("RouteErrorPage", () => {
  // React and react-router log the caught error; the test is about what the user sees.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows instead of a page that throws while rendering", async () => {
    renderAt("/broken", [
      { index: true, element: <p>Home page</p> },
      { path: "broken", element: <Broken /> },
    ]);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText(/could not be shown/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  });

  it("shows when a page's code cannot be loaded (failed lazy chunk)", async () => {
    renderAt("/lazy", [
      { path: "lazy", lazy: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")) },
    ]);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
  });

  it("Try again reloads the app", async () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    renderAt("/broken", [{ path: "broken", element: <Broken /> }]);
    (await screen.findByRole("button", { name: "Try again" })).click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("is the error element of the app's root route and of its pages", () => {
    const root = appRoutes(new QueryClient())[0]!;
    expect(root.errorElement).toBeTruthy();
    expect(root.children?.[0]?.errorElement).toBeTruthy();
  });
});
