// The browser runs React itself (issue 24): concurrent features behave as React documents them.
// These fail on a compatibility layer (preact/compat runs startTransition synchronously, never
// reports a pending transition, and renders StrictMode as a Fragment).
import { act, render, screen } from "@testing-library/react";
import { StrictMode, Suspense, use, useEffect, useState, useTransition } from "react";
import { describe, expect, it } from "vitest";

describe("React 19's runtime", () => {
  it("a transition that suspends keeps the current screen and reports itself pending", async () => {
    let resolve: (value: string) => void = () => {};
    const next = new Promise<string>((r) => (resolve = r));

    function Value({ source }: { source: Promise<string> | string }) {
      return <p>{typeof source === "string" ? source : use(source)}</p>;
    }
    function Switcher() {
      const [source, setSource] = useState<Promise<string> | string>("first");
      const [pending, startTransition] = useTransition();
      return (
        <>
          <button type="button" onClick={() => startTransition(() => setSource(next))}>
            Next
          </button>
          {pending ? <span role="status">Updating</span> : null}
          <Suspense fallback={<p>Loading</p>}>
            <Value source={source} />
          </Suspense>
        </>
      );
    }

    render(<Switcher />);
    await act(async () => {
      screen.getByRole("button", { name: "Next" }).click();
      await Promise.resolve();
    });
    expect(screen.getByRole("status")).toHaveTextContent("Updating");
    expect(screen.getByText("first")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();

    await act(async () => {
      resolve("second");
      await next;
    });
    expect(screen.getByText("second")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("StrictMode runs effects twice in development (mount, clean up, mount)", () => {
    const log: string[] = [];
    function Probe() {
      useEffect(() => {
        log.push("mount");
        return () => void log.push("cleanup");
      }, []);
      return null;
    }
    render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    expect(log).toEqual(["mount", "cleanup", "mount"]);
  });
});
