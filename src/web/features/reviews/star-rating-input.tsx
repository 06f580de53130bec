import { Star } from "lucide-react";
import { cn } from "../../lib/cn";

const WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

/**
 * Five stars that are a native radio group: Tab reaches the group, arrow keys change the rating,
 * and a screen reader announces "3 stars, 3 of 5". The stars up to the choice are filled.
 */
export function StarRatingInput({
  id,
  value,
  onChange,
  onBlur,
  error,
}: {
  id: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset {...(error ? { "aria-describedby": errorId } : {})}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">Rating</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center">
          {WORDS.map((word, index) => {
            const rating = index + 1;
            const filled = value !== undefined && rating <= value;
            return (
              <label
                key={rating}
                title={word}
                className="flex size-10 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input
                  type="radio"
                  name={id}
                  value={rating}
                  checked={value === rating}
                  onChange={() => onChange(rating)}
                  onBlur={onBlur}
                  aria-label={`${rating} ${rating === 1 ? "star" : "stars"}`}
                  {...(error ? { "aria-invalid": true } : {})}
                  className="sr-only"
                />
                <Star
                  aria-hidden
                  className={cn("size-7 transition-colors", filled ? "fill-amber-400 text-amber-500" : "fill-white text-slate-400")}
                />
              </label>
            );
          })}
        </div>
        <span className="text-sm text-slate-700" aria-hidden>
          {value ? WORDS[value - 1] : "Choose 1 to 5 stars"}
        </span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
