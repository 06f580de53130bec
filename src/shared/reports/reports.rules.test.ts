import { describe, expect, it } from "vitest";
import { changedSnapshotKeys } from "./reports.rules";

describe("changedSnapshotKeys", () => {
  it.each([
    { name: "same values, other key order", snapshot: { a: 1, b: "x" }, current: { b: "x", a: 1 }, changed: [] },
    { name: "an edited text", snapshot: { body: "rude", rating: 1 }, current: { body: "fine", rating: 1 }, changed: ["body"] },
    { name: "a changed list", snapshot: { instruments: ["piano"] }, current: { instruments: ["piano", "violin"] }, changed: ["instruments"] },
    { name: "same list", snapshot: { instruments: ["piano", "violin"] }, current: { instruments: ["piano", "violin"] }, changed: [] },
    { name: "a key gone", snapshot: { a: 1, b: 2 }, current: { a: 1 }, changed: ["b"] },
    { name: "null to text", snapshot: { introVideoUrl: null }, current: { introVideoUrl: "/v.mp4" }, changed: ["introVideoUrl"] },
    { name: "nested objects", snapshot: { o: { x: 1 } }, current: { o: { x: 2 } }, changed: ["o"] },
  ])("$name", ({ snapshot, current, changed }) => {
    expect(changedSnapshotKeys(snapshot, current)).toEqual(changed);
  });
});
