import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { QuickActions } from "./quick-actions";

describe("QuickActions (parent dashboard)", () => {
  it("offers no Make Payment action and says that payments go directly to the teachers", () => {
    render(
      <MemoryRouter>
        <QuickActions />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link", { name: /payment/i })).not.toBeInTheDocument();
    expect(screen.getByText(/Payments are made directly to your teachers/)).toHaveTextContent(
      "Payments are made directly to your teachers, in the way you agree with them: no payment is taken in the app.",
    );
    expect(screen.getByRole("link", { name: "See your lessons in Billing" })).toHaveAttribute("href", "/billing");
    expect(screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Schedule Class", "/find-teachers"],
      ["Message Teacher", "/messages"],
      ["Update Security", "/settings#security"],
      ["See your lessons in Billing", "/billing"],
    ]);
  });
});
