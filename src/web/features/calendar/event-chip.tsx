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

/** Icon and text label, so the kind of event never rests on colour alone. */
export function EventBadge({ event, className }: { event: Pick<CalendarEventDTO, "eventType" | "status">; className?: string }) {
  const style = eventStyle(event);
  return (
    <span className={cn("inline-flex items-center gap-0.5 text-[0.7rem] font-semibold uppercase tracking-wide", className)}>
      {style.icon === "check" ? <Check aria-hidden className="size-3" /> : null}
      {style.icon === "cross" ? <X aria-hidden className="size-3" /> : null}
      {style.label}
    </span>
  );
}
