import { X } from "lucide-react";
import type { FilterChip } from "../../../shared/search/search.rules";
import { Button } from "../../components/ui/button";

/** Active filters as removable chips; Clear all once there is more than one (spec section 2). */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onRemove(chip)}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex h-8 max-w-[16rem] items-center gap-1.5 rounded-full bg-brand-50 pr-2 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-600/30 transition-colors hover:bg-brand-100"
            >
              <span className="truncate">{chip.label}</span>
              <X aria-hidden className="size-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <Button variant="link" size="sm" onClick={onClearAll} className="ml-1">
          Clear all
        </Button>
      ) : null}
    </div>
  );
}
