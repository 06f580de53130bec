import { Check, X } from "lucide-react";
import type { CalendarEventDTO } from "../../../shared/calendar/calendar.schemas";
import { eventStyle, type EventTone } from "../../../shared/calendar/event-style.rules";
import { cn } from "../../lib/cn";

/** Spec section 4 colours as classes; text stays dark on a light fill for contrast. */
export const TONE_CLASSES: Record<EventTone, string> = {
  green: "border-green-600 bg-green-50 text-green-900",
  red: "border-red-600 bg-red-50 text-red-900",
  blue: "border-blue-600 bg-blue-50 text-blue-900",
  purple: "border-purple-600 bg-purple-50 text-purple-900",
  amber: "border-amber-500 bg-amber-50 text-amber-900",
  gray: "border-slate-500 bg-slate-100 text-slate-900",
};

/** `wide`: only from lg up, where a month cell has room for the badge on a line of its own. */
const DISPLAY = { inline: "inline-flex", block: "block", wide: "hidden lg:flex" } as const;

/**
 * Icon and text label, so the kind of event never rests on colour alone. `cn` does not resolve
 * conflicting classes (see lib/cn.ts): pick the display with `display`, not in `className`.
 */
export function EventBadge({
  event,
  display = "inline",
  className,
}: {
  event: Pick<CalendarEventDTO, "eventType" | "status">;
  display?: keyof typeof DISPLAY;
  className?: string;
}) {
  const style = eventStyle(event);
  return (
    <span className={cn("items-center gap-0.5 text-[0.7rem] font-semibold uppercase tracking-wide", DISPLAY[display], className)}>
      {style.icon === "check" ? <Check aria-hidden className="size-3" /> : null}
      {style.icon === "cross" ? <X aria-hidden className="size-3" /> : null}
      {style.label}
    </span>
  );
}
