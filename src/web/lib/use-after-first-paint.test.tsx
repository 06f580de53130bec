import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAfterFirstPaint } from "./use-after-first-paint";

function Probe() {
  const painted = useAfterFirstPaint();
  return <p>{painted ? "after" : "first"}</p>;
}

describe("useAfterFirstPaint", () => {
  it("is false on the first render and true once a frame has passed", async () => {
    render(<Probe />);
    expect(screen.getByText("first")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("after")).toBeTruthy());
  });
});
