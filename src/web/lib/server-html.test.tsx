import { act, useState } from "react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ServerHtml, ServerPageHydrated, startHydratingServerPage } from "./server-html";

let setRating: (rating: { value: number }) => void = () => {};
const first = { value: 4 };

function Page() {
  const [rating, set] = useState(first);
  setRating = set;
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
    const root = await act(async () =>
      hydrateRoot(
        container,
        <ServerPageHydrated>
          <Page />
        </ServerPageHydrated>,
      ),
    );
    expect(container.querySelector("p")).toBe(serverParagraph);
    expect(Object.keys(serverParagraph!).some((key) => key.startsWith("__react"))).toBe(false);
    // The same data object again: still the server's element.
    act(() => setRating(first));
    expect(container.querySelector("p")).toBe(serverParagraph);
    act(() => setRating({ value: 5 }));
    expect(container.querySelector("p")?.textContent).toBe("Rating 5");
    act(() => root.unmount());
  });

  it("renders its children in a page the browser renders itself", () => {
    render(<Page />);
    expect(screen.getByText("Rating 4")).toBeInTheDocument();
  });
});
