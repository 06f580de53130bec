import { act } from "react";
import { renderToString } from "react-dom/server.browser";
import { hydrateRoot } from "react-dom/client";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ServerHtml, ServerPageHydrated, startHydratingServerPage } from "./server-html";

const first = { value: 4 };

function Page({ rating = first }: { rating?: { value: number } }) {
  return (
    <main>
      <ServerHtml data={rating}>
        <p>Rating {rating.value}</p>
      </ServerHtml>
    </main>
  );
}

describe("ServerHtml", () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("keeps the server's HTML through the hydration, and renders anew once its data changes", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const serverParagraph = container.querySelector("p");
    startHydratingServerPage();
    const app = (rating: { value: number }) => (
      <ServerPageHydrated>
        <Page rating={rating} />
      </ServerPageHydrated>
    );
    const root = await act(() => Promise.resolve(hydrateRoot(container, app(first))));
    expect(container.querySelector("p")).toBe(serverParagraph);
    expect(Object.keys(serverParagraph!).some((key) => key.startsWith("__react"))).toBe(false);
    // The same data object again: still the server's element.
    act(() => root.render(app(first)));
    expect(container.querySelector("p")).toBe(serverParagraph);
    act(() => root.render(app({ value: 5 })));
    expect(container.querySelector("p")?.textContent).toBe("Rating 5");
    act(() => root.unmount());
  });

  it("renders its children in a page the browser renders itself", () => {
    render(<Page />);
    expect(screen.getByText("Rating 4")).toBeInTheDocument();
  });
});
