import { describe, expect, it } from "vitest";
import { canLeave, canRemoveGuardian, invitationClosedMessage, invitationExpiry, invitationStatus, type GuardianPlace } from "./households.rules";

const created = new Date("2026-03-01T10:00:00Z");
const expiresAt = invitationExpiry(created);
const open = { expiresAt, acceptedAt: null, refusedAt: null, revokedAt: null };

describe("invitationExpiry", () => {
  it("is 7 days (168 hours) after sending, whatever the clocks do", () => {
    expect(expiresAt.toISOString()).toBe("2026-03-08T10:00:00.000Z");
  });
});

describe("invitationStatus", () => {
  it.each([
    ["pending just after sending", open, created, "pending"],
    ["pending a millisecond before the end", open, new Date(expiresAt.getTime() - 1), "pending"],
    ["expired at the end", open, expiresAt, "expired"],
    ["expired after", open, new Date("2026-04-01T00:00:00Z"), "expired"],
    ["accepted stays accepted after the expiry", { ...open, acceptedAt: created }, new Date("2027-01-01T00:00:00Z"), "accepted"],
    ["refused", { ...open, refusedAt: created }, created, "refused"],
    ["revoked", { ...open, revokedAt: created }, created, "revoked"],
  ] as const)("%s", (_name, invitation, now, status) => {
    expect(invitationStatus(invitation, now)).toBe(status);
  });
});

describe("invitationClosedMessage", () => {
  it("names the inviter, or says who to ask without a name", () => {
    expect(invitationClosedMessage("expired", "Maria Lopez")).toBe(
      "This invitation has expired (links work for 7 days). Ask Maria Lopez to send a new one.",
    );
    expect(invitationClosedMessage("revoked", null)).toContain("Ask the guardian who invited you");
    expect(invitationClosedMessage("accepted", null)).toContain("already used");
  });
});

describe("canRemoveGuardian and canLeave", () => {
  const founder: GuardianPlace = { guardianId: "f", isFounder: true, invitedBy: null };
  const invitedByFounder: GuardianPlace = { guardianId: "a", isFounder: false, invitedBy: "f" };
  const invitedByA: GuardianPlace = { guardianId: "b", isFounder: false, invitedBy: "a" };
  const orphan: GuardianPlace = { guardianId: "c", isFounder: false, invitedBy: null };

  it.each([
    ["the founder removes anyone else", founder, invitedByA, true],
    ["the founder removes one whose inviter left", founder, orphan, true],
    ["a guardian removes whom they invited", invitedByFounder, invitedByA, true],
    ["a guardian cannot remove one they did not invite", invitedByA, invitedByFounder, false],
    ["nobody removes the founder", invitedByFounder, founder, false],
    ["nobody removes themselves (they leave)", invitedByFounder, invitedByFounder, false],
  ] as const)("%s", (_name, actor, target, allowed) => {
    expect(canRemoveGuardian(actor, target)).toBe(allowed);
  });

  it("lets every guardian but the founder leave", () => {
    expect(canLeave(invitedByFounder)).toBe(true);
    expect(canLeave(founder)).toBe(false);
  });
});
