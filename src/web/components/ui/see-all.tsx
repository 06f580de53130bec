import { useState } from "react";
import { Button } from "./button";

/**
 * A list cut to its first `limit` items (a dashboard's), which can be shown whole in place. The
 * total is the list's own length, never the cut: "Showing 8 of 23". No limit: everything shows.
 */
export function useSeeAll<Item>(items: Item[], limit: number | undefined) {
  const [expanded, setExpanded] = useState(false);
  const cut = limit !== undefined && items.length > limit;
  return {
    shown: cut && !expanded ? items.slice(0, limit) : items,
    /** Props of SeeAllToggle; null when nothing is hidden (nor was it before expanding). */
    toggle: cut ? { shown: expanded ? items.length : limit, total: items.length, expanded, onToggle: () => setExpanded(!expanded) } : null,
  };
}

/** "Showing 8 of 23 lessons" and See all (then Show fewer), under a cut list. */
export function SeeAllToggle({
  shown,
  total,
  expanded,
  onToggle,
  noun,
}: {
  shown: number;
  total: number;
  expanded: boolean;
  onToggle: () => void;
  /** The plural of what is listed: "lessons", "requests". */
  noun: string;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
      <span className="text-slate-600" aria-live="polite">
        Showing {shown} of {total} {noun}
      </span>
      <Button variant="link" aria-expanded={expanded} onClick={onToggle}>
        {expanded ? "Show fewer" : `See all ${total} ${noun}`}
      </Button>
    </div>
  );
}
