import { Star } from "lucide-react";
import { cn } from "../../lib/cn";

const SIZES = { sm: "size-4", md: "size-5" } as const;

/** A review's stars, read out as "Rated 4 out of 5". */
export function Stars({ rating, size = "sm", className }: { rating: number; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={cn("inline-flex items-center gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn(SIZES[size], n <= Math.round(rating) ? "fill-amber-400 text-amber-400" : "fill-slate-200 text-slate-200")}
        />
      ))}
    </span>
  );
}
