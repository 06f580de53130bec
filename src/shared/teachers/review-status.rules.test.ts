import { describe, expect, it } from "vitest";
import { canResubmit, canTurnDiscoveryOn, discoveryBlockedReason } from "./review-status.rules";

describe("what a teacher may do at each review status (issue 27)", () => {
  it.each([
    ["pending", false, false, /being reviewed/],
    ["changes_requested", false, true, /asked for changes/],
    ["rejected", false, false, /not approved/],
    ["approved", true, false, null],
  ] as const)("%s: discovery %s, resubmit %s", (status, discovery, resubmit, reason) => {
    expect(canTurnDiscoveryOn(status)).toBe(discovery);
    expect(canResubmit(status)).toBe(resubmit);
    const blocked = discoveryBlockedReason(status);
    if (reason === null) expect(blocked).toBeNull();
    else expect(blocked).toMatch(reason);
  });
});
