export const EVENT_TYPES = ["lesson", "practice", "reminder", "custom"] as const;
export const EVENT_STATUSES = ["upcoming", "completed", "cancelled"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];
