import { describe, expect, it } from "vitest";
import { availabilityCreateSchema } from "./weekly-availability.schemas";

const valid = { dayOfWeek: 0, startTime: "18:00", endTime: "19:00", format: "online" };

describe("availabilityCreateSchema", () => {
  it("accepts a window", () => {
    expect(availabilityCreateSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ["dayOfWeek", "Choose a day of the week", { ...valid, dayOfWeek: 7 }],
    ["dayOfWeek", "Choose a day of the week", { ...valid, dayOfWeek: -1 }],
    ["dayOfWeek", "Choose a day of the week", { ...valid, dayOfWeek: 1.5 }],
    ["dayOfWeek", "Choose a day of the week", { ...valid, dayOfWeek: "1" }],
    ["startTime", "Start time is required", { ...valid, startTime: undefined }],
    ["startTime", "Start time must be a time like 09:00", { ...valid, startTime: "9:00" }],
    ["startTime", "Start time must be a time like 09:00", { ...valid, startTime: "24:00" }],
    ["endTime", "End time must be a time like 09:00", { ...valid, endTime: "18:60" }],
    ["endTime", "End time must be a time like 09:00", { ...valid, endTime: "18:00:00" }],
    ["endTime", "End time must be after start time", { ...valid, endTime: "18:00" }],
    ["endTime", "End time must be after start time", { ...valid, endTime: "17:00" }],
    ["format", "Choose a lesson format: both, in person or online", { ...valid, format: "flexible" }],
    ["format", "Choose a lesson format: both, in person or online", { ...valid, format: undefined }],
  ])("%s → %s", (field, message, body) => {
    const result = availabilityCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});
