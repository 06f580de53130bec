import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CancelTerms } from "./cancel-lesson-dialog";
import { lessonDTO } from "./lesson-dto.fixture";
import { LessonPrice } from "./lesson-price";

const NOW = new Date("2026-11-20T12:00:00Z");
// Ten hours ahead: inside the 24-hour notice window.
const soon = lessonDTO({ startsAt: "2026-11-20T22:00:00Z", freeCancellationUntil: "2026-11-19T22:00:00Z", priceCents: 6001 });

describe("the cancel dialog tells the family the charge before they confirm (issue 28)", () => {
  it.each([
    ["half", "This late cancellation will be charged $30.00 USD under your teacher's policy."],
    ["full", "This late cancellation will be charged $60.01 USD under your teacher's policy."],
  ] as const)("under %s", (policy, text) => {
    render(<CancelTerms lesson={{ ...soon, lateCancelCharge: policy }} side="parent" now={NOW} />);
    expect(screen.getByRole("alert")).toHaveTextContent(text);
  });

  it("says nothing of a charge when the policy charges none, when the cancel is on time, or to the teacher", () => {
    const { rerender } = render(<CancelTerms lesson={{ ...soon, lateCancelCharge: "none" }} side="parent" now={NOW} />);
    expect(screen.queryByText(/will be charged/)).toBeNull();
    rerender(<CancelTerms lesson={{ ...soon, lateCancelCharge: "full" }} side="parent" now={new Date("2026-11-18T12:00:00Z")} />);
    expect(screen.queryByText(/will be charged/)).toBeNull();
    rerender(<CancelTerms lesson={{ ...soon, lateCancelCharge: "full" }} side="teacher" now={NOW} />);
    expect(screen.queryByText(/will be charged/)).toBeNull();
  });
});

describe("LessonPrice", () => {
  it("shows the agreed price, marks an estimated one, and calls an intro call free", () => {
    const { rerender } = render(<LessonPrice lesson={{ bookingType: "full", priceCents: 6000, priceEstimated: false }} />);
    expect(screen.getByTestId("lesson-price")).toHaveTextContent("Price: $60.00 USD per lesson");
    rerender(<LessonPrice lesson={{ bookingType: "full", priceCents: 4000, priceEstimated: true }} />);
    expect(screen.getByTestId("lesson-price")).toHaveTextContent("Price: $40.00 USD per lessonEstimated");
    rerender(<LessonPrice lesson={{ bookingType: "intro", priceCents: 0, priceEstimated: false }} />);
    expect(screen.getByText("Free intro call")).toBeInTheDocument();
  });
});
