import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { formatSlot } from "./format-time";
import { RequestConfirmedStep } from "./request-sent-step";

const request = (startsAt: string): BookingRequestDTO => ({
  id: startsAt,
  status: "pending",
  expired: false,
  bookingType: "full",
  format: "in_person",
  startsAt,
  endsAt: startsAt,
  createdAt: "2026-11-22T12:00:00.000Z",
  seriesId: null,
  student: { id: "s1", firstName: "Mia", lastName: "Rivera" },
  teacher: { id: "t1", firstName: "Casey", lastName: "Keys", timeZone: "America/Chicago" },
  declineReason: null,
  cancelReason: null,
  requestedBy: null,
  makeUpCreditFrom: null,
  priceCents: null,
  priceEstimated: false,
});

describe("after Request Sent: what happens next (issue 41)", () => {
  it("says by when the teacher answers (72 hours after, or the lesson's start if sooner), that an email came, and where to follow it", () => {
    render(
      <MemoryRouter>
        <RequestConfirmedStep teacherFirstName="Casey" bookings={[request("2026-12-01T15:00:00.000Z")]} onClose={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("request-answer-by")).toHaveTextContent(`Casey will accept or decline it by ${formatSlot("2026-11-25T12:00:00.000Z")} (within 72 hours`);
    expect(screen.getByText(/We've emailed you a confirmation, and we'll email you the answer. Follow it under Requests on your Parent Dashboard/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Parent Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("a lesson sooner than 72 hours: the answer comes before it starts", () => {
    render(
      <MemoryRouter>
        <RequestConfirmedStep teacherFirstName="Casey" bookings={[request("2026-11-23T09:00:00.000Z")]} onClose={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("request-answer-by")).toHaveTextContent(`by ${formatSlot("2026-11-23T09:00:00.000Z")}`);
  });
});
