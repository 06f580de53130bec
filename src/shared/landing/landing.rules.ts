import type { LandingStats } from "./landing.schemas";

export interface Figure {
  value: string;
  label: string;
}

/**
 * "60+" style: a round number not above the count, so the claim is never more than the truth
 * (7 → "7", 64 → "60+", 1,234 → "1,200+", 52,300 → "52K+").
 */
export function roundedFigure(count: number): string {
  if (count < 10) return String(count);
  if (count >= 10_000) return `${Math.floor(count / 1000)}K+`;
  const step = count >= 1000 ? 100 : 10;
  return `${withThousandsComma(Math.floor(count / step) * step)}+`;
}

/**
 * 1200 → "1,200" (below 10,000, all roundedFigure needs). Not toLocaleString: a page's first use of
 * Intl loads its locale data, 70-300 ms of a 4×-slowed phone's main thread (issue 43's trace).
 */
function withThousandsComma(value: number): string {
  const digits = String(value);
  return digits.length > 3 ? `${digits.slice(0, -3)},${digits.slice(-3)}` : digits;
}

export function landingFigures(stats: LandingStats): Figure[] {
  const figures: Figure[] = [];
  if (stats.teachers > 0) figures.push({ value: roundedFigure(stats.teachers), label: "Qualified Teachers" });
  if (stats.students > 0) figures.push({ value: roundedFigure(stats.students), label: "Active Students" });
  if (stats.instruments > 0) figures.push({ value: String(stats.instruments), label: "Instruments" });
  if (stats.averageRating !== null && stats.reviews > 0) {
    figures.push({ value: `${stats.averageRating.toFixed(1)}/5`, label: "Average Rating" });
  }
  return figures;
}
