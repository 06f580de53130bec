export type EventTone = "green" | "red" | "blue" | "purple" | "amber" | "gray";
export type EventIcon = "check" | "cross";

export interface EventStyle {
  /** Colour token; the web layer maps it to classes. */
  tone: EventTone;
  /** Status icon, only where the spec shows one. */
  icon: EventIcon | null;
  /** Text beside the colour so the meaning never rests on colour alone. */
  label: string;
}

/**
 * Spec section 4: lesson completed green with a check, cancelled red with a cross, otherwise blue;
 * practice purple, reminder amber, other gray. A cancelled event of any type shows red with a cross
 * (a cancelled practice in purple would read as still on); "completed" changes only lessons.
 */
// Plain strings: rows read from the database are not narrowed, and an unknown type falls back to gray.
export function eventStyle(event: { eventType: string; status: string }): EventStyle {
  if (event.status === "cancelled") return { tone: "red", icon: "cross", label: "Cancelled" };
  switch (event.eventType) {
    case "lesson":
      return event.status === "completed" ? { tone: "green", icon: "check", label: "Completed" } : { tone: "blue", icon: null, label: "Lesson" };
    case "practice":
      return { tone: "purple", icon: null, label: "Practice" };
    case "reminder":
      return { tone: "amber", icon: null, label: "Reminder" };
    default:
      return { tone: "gray", icon: null, label: "Event" };
  }
}
