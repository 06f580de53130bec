import { initialsOf } from "../../../shared/search/search.rules";
import { cn } from "../../lib/cn";

/** The other person's photo, or their initials when they have none (nothing invented). */
export function PersonAvatar({ name, photoUrl, size = "md" }: { name: string; photoUrl?: string | null; size?: "sm" | "md" }) {
  const box = size === "sm" ? "size-9 text-sm" : "size-11 text-base";
  if (photoUrl) return <img src={photoUrl} alt="" className={cn("shrink-0 rounded-full object-cover", box)} />;
  return (
    <span aria-hidden className={cn("flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800", box)}>
      {initialsOf(name) || "?"}
    </span>
  );
}
