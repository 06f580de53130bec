import { rateRange } from "../teachers/public-profile.rules";
import type { BookingType } from "./booking.constants";

// Its own small module: a teacher's profile shows prices and must not load the booking rules'
// date formatting with its first screen (the profile's JavaScript budget, issue 43).
/**
 * What a booking type costs, wherever it is shown (profile tiles, the Book a Lesson panel, the
 * booking review): an intro call is free; a lesson is the teacher's own hourly range (decisions.md).
 */
export function lessonPrice(type: BookingType, rate: { hourlyRateMin: number; hourlyRateMax: number }): string {
  return type === "intro" ? "Free" : rateRange(rate.hourlyRateMin, rate.hourlyRateMax);
}
