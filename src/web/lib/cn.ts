import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, arrays, `cond && "x"`, `{ x: cond }`), dropping falsy ones.
 *
 * There is deliberately no conflict merging (the merging library cost ~7.5 KB brotli on every first
 * load). When two classes set the same property (`h-10` and `h-11`, `justify-center` and
 * `justify-start`, two `hover:bg-*`), both reach the element and Tailwind's stylesheet order picks
 * the winner, not the order here. So callers must never pass a class that conflicts with one the
 * component already sets: components offer options instead (Button's `variant`/`size`/`align`,
 * Input's `fieldSize`/`textSize`/`tone`/`padding`/`fullWidth`, DialogContent's `width`...), and a
 * conditional puts each alternative in its own branch (`active ? "bg-brand-50" : "hover:bg-slate-50"`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
