import type { ConversationPerson } from "../../../shared/messages/messages.api";
import { cn } from "../../lib/cn";

/** The other person's photo, or their initials when they have none (nothing invented). */
export function PersonAvatar({ person, size = "md" }: { person: ConversationPerson; size?: "sm" | "md" }) {
  const box = size === "sm" ? "size-9 text-sm" : "size-11 text-base";
  if (person.photoUrl) return <img src={person.photoUrl} alt="" className={cn("shrink-0 rounded-full object-cover", box)} />;
  return (
    <span aria-hidden className={cn("flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800", box)}>
      {person.initials || "?"}
    </span>
  );
}
