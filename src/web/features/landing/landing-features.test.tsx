import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Claims } from "./claims";
import { FlipCards } from "./flip-cards";

// decisions.md section 6: marketing text says only what the product does.
const NOT_BUILT = [/prospecting/i, /scheduling assistant/i, /payment/i, /invoic/i, /homework/i];

describe("landing feature cards", () => {
  it("list only built features", () => {
    render(<FlipCards />);
    const lines = (name: string) => within(screen.getByRole("list", { name })).getAllByRole("listitem").map((li) => li.textContent);
    expect(lines("Discovering features")).toEqual([
      "Search by instrument, place, distance, lesson type and rating",
      "Teacher profiles with intro videos and reviews from families",
      "Free 15-minute intro calls",
      "Booking requests each teacher accepts or declines",
    ]);
    expect(lines("Managing features")).toEqual([
      "Single or weekly lessons in a calendar you can add to Google, Apple or Outlook",
      "Messages between families and teachers",
      "Classes with XP or grades, achievements and shared files",
      "Lesson statements: earnings for teachers, billing for families",
    ]);
    for (const claim of NOT_BUILT) expect(document.body).not.toHaveTextContent(claim);
  });

  it("claims promise nothing unbuilt", () => {
    render(<Claims />);
    expect(screen.getByRole("heading", { name: "Reviews from families who booked" })).toBeInTheDocument();
    expect(screen.getByText(/Only a parent whose lesson with a teacher was accepted can review them/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/built around your child's level/);
    for (const claim of NOT_BUILT) expect(document.body).not.toHaveTextContent(claim);
  });
});
