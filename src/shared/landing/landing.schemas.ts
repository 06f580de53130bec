/** Live figures of the landing page (decisions.md: real numbers; a zero figure is not shown). */
export interface LandingStats {
  teachers: number;
  students: number;
  instruments: number;
  averageRating: number | null;
  reviews: number;
}
