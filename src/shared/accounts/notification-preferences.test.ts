import { describe, expect, it } from "vitest";
import {
  storedToToggles,
  togglesToStored,
  type NotificationToggles,
  type StoredNotificationPreferences,
} from "./notification-preferences";

describe("togglesToStored: spec section 4 mapping", () => {
  it.each<[NotificationToggles, StoredNotificationPreferences]>([
    [{ email: false, sms: false }, { preferredCommunication: "app", wantsNotifications: false }],
    [{ email: true, sms: false }, { preferredCommunication: "email", wantsNotifications: true }],
    [{ email: false, sms: true }, { preferredCommunication: "sms", wantsNotifications: true }],
    [{ email: true, sms: true }, { preferredCommunication: "sms", wantsNotifications: true }],
  ])("%j → %j", (toggles, stored) => {
    expect(togglesToStored(toggles)).toEqual(stored);
  });
});

describe("storedToToggles", () => {
  it.each<[StoredNotificationPreferences, NotificationToggles]>([
    [{ preferredCommunication: "email", wantsNotifications: true }, { email: true, sms: false }],
    [{ preferredCommunication: "sms", wantsNotifications: true }, { email: true, sms: true }],
    [{ preferredCommunication: "app", wantsNotifications: true }, { email: false, sms: false }],
    [{ preferredCommunication: "app", wantsNotifications: false }, { email: false, sms: false }],
    [{ preferredCommunication: "email", wantsNotifications: false }, { email: false, sms: false }],
    [{ preferredCommunication: "sms", wantsNotifications: false }, { email: false, sms: false }],
  ])("%j → %j", (stored, toggles) => {
    expect(storedToToggles(stored)).toEqual(toggles);
  });
});

describe("round trip of every state the settings page can send (Email stays on while SMS is on)", () => {
  it.each<NotificationToggles>([
    { email: false, sms: false },
    { email: true, sms: false },
    { email: true, sms: true },
  ])("%j survives save and reload", (toggles) => {
    expect(storedToToggles(togglesToStored(toggles))).toEqual(toggles);
  });

  it.each<StoredNotificationPreferences>([
    { preferredCommunication: "app", wantsNotifications: false },
    { preferredCommunication: "email", wantsNotifications: true },
    { preferredCommunication: "sms", wantsNotifications: true },
  ])("stored %j is shown and saved back unchanged", (stored) => {
    expect(togglesToStored(storedToToggles(stored))).toEqual(stored);
  });
});
