import { describe, expect, it } from "vitest";
import { eventStyle } from "./event-style.rules";

describe("eventStyle", () => {
  it.each([
    ["lesson", "upcoming", "blue", null, "Lesson"],
    ["lesson", "completed", "green", "check", "Completed"],
    ["lesson", "cancelled", "red", "cross", "Cancelled"],
    ["practice", "upcoming", "purple", null, "Practice"],
    ["practice", "completed", "purple", null, "Practice"],
    ["practice", "cancelled", "red", "cross", "Cancelled"],
    ["reminder", "upcoming", "amber", null, "Reminder"],
    ["reminder", "completed", "amber", null, "Reminder"],
    ["custom", "upcoming", "gray", null, "Event"],
    ["custom", "cancelled", "red", "cross", "Cancelled"],
    ["something-new", "upcoming", "gray", null, "Event"],
  ])("%s %s → %s %s %s", (eventType, status, tone, icon, label) => {
    expect(eventStyle({ eventType, status })).toEqual({ tone, icon, label });
  });
});
