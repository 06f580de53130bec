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
  return `${(Math.floor(count / step) * step).toLocaleString("en-US")}+`;
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
