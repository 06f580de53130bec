import { describe, expect, it } from "vitest";
import {
  BOOKING_HORIZON_MESSAGE,
  bookingHorizonEnd,
  isWithinBookingHorizon,
  lastBookableMonth,
  MONTH_IN_PAST_MESSAGE,
  monthOutsideBookingRange,
} from "./booking-horizon.rules";

const NOW = new Date("2026-11-22T23:00:00.000Z");

describe("bookingHorizonEnd", () => {
  it.each([
    ["2026-11-22T23:00:00.000Z", "2027-11-22T23:00:00.000Z"],
    ["2024-02-29T12:00:00.000Z", "2025-03-01T12:00:00.000Z"],
    ["2026-01-31T00:00:00.000Z", "2027-01-31T00:00:00.000Z"],
  ])("%s → %s", (now, end) => {
    expect(bookingHorizonEnd(new Date(now)).toISOString()).toBe(end);
  });
});

describe("isWithinBookingHorizon", () => {
  it.each([
    ["2026-11-23T10:00:00.000Z", true],
    ["2027-11-22T23:00:00.000Z", true],
    ["2027-11-22T23:00:00.001Z", false],
    ["9999-12-31T23:59:59.000Z", false],
  ])("%s is %s", (startsAt, within) => {
    expect(isWithinBookingHorizon(new Date(startsAt), NOW)).toBe(within);
  });
});

describe("monthOutsideBookingRange", () => {
  it.each([
    ["0000-01", MONTH_IN_PAST_MESSAGE],
    ["1969-12", MONTH_IN_PAST_MESSAGE],
    ["2026-09", MONTH_IN_PAST_MESSAGE],
    ["2026-10", null], // a viewer west of UTC may still be in the previous month
    ["2026-11", null],
    ["2027-11", null],
    ["2027-12", null], // a viewer east of UTC may be a day ahead at the horizon
    ["2028-01", BOOKING_HORIZON_MESSAGE],
    ["9999-12", BOOKING_HORIZON_MESSAGE],
  ])("%s → %s", (month, problem) => {
    expect(monthOutsideBookingRange(month, NOW)).toBe(problem);
  });

  it("the last bookable month is the horizon's UTC month", () => {
    expect(lastBookableMonth(NOW)).toBe("2027-11");
  });
});
