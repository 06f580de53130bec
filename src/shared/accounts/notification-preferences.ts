import type { CommunicationChannel } from "./accounts.constants";

/** The two switches of the parent settings page (spec section 2, Notification Preferences). */
export interface NotificationToggles {
  email: boolean;
  sms: boolean;
}

/** What parent_profiles keeps: one preferred channel and whether to notify at all. */
export interface StoredNotificationPreferences {
  preferredCommunication: CommunicationChannel;
  wantsNotifications: boolean;
}

/**
 * Spec section 4: SMS on gives preferred_communication "sms"; else email on gives "email"; else
 * "app". Notifications are wanted when either switch is on.
 */
export function togglesToStored({ email, sms }: NotificationToggles): StoredNotificationPreferences {
  return {
    preferredCommunication: sms ? "sms" : email ? "email" : "app",
    wantsNotifications: email || sms,
  };
}

/**
 * The switches that show stored values. Four switch states share three stored states, so "sms"
 * reads back as both switches on: the settings page keeps Email on while SMS is on, which makes
 * this the exact inverse of `togglesToStored` for every state the page can send. Stored states the
 * page cannot produce (sign-up's "app" or any channel with notifications off) show both switches off.
 */
export function storedToToggles({ preferredCommunication, wantsNotifications }: StoredNotificationPreferences): NotificationToggles {
  if (!wantsNotifications) return { email: false, sms: false };
  switch (preferredCommunication) {
    case "sms":
      return { email: true, sms: true };
    case "email":
      return { email: true, sms: false };
    case "app":
      return { email: false, sms: false };
  }
}
