import { describe, expect, it } from "vitest";
import { loggablePath } from "./log-redaction";

describe("loggablePath: no secret of a path reaches the log", () => {
  it.each([
    ["the calendar feed's file", "/api/calendar/feed/q8V3_xkP0aZ-7mYt2LwS9bC4dE1fG6hJ5kN0pR3sT8u.ics", "/api/calendar/feed/[redacted].ics"],
    ["a short or odd feed token still", "/api/calendar/feed/abc.ics", "/api/calendar/feed/[redacted].ics"],
    ["better-auth's reset link", "/api/auth/reset-password/Ab12cd34Ef56gh78Ij90kl12", "/api/auth/reset-password/[redacted]"],
    ["a token-like segment on any route", "/api/files/Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2/download", "/api/files/[redacted]/download"],
    ["an id (UUID), kept", "/api/bookings/0b9f1c1e-5d2a-4f7e-9a61-2c3d4e5f6a7b/accept", "/api/bookings/0b9f1c1e-5d2a-4f7e-9a61-2c3d4e5f6a7b/accept"],
    ["a long route name, kept", "/api/accounts/me/email-preferences-and-more", "/api/accounts/me/email-preferences-and-more"],
    ["the feed's own settings route, kept", "/api/calendar/feed", "/api/calendar/feed"],
    ["a page path, kept", "/reset-password", "/reset-password"],
    ["the root", "/", "/"],
  ])("%s", (_name, path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });
});
