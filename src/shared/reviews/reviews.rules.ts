/**
 * How a review's author is named in public: first name and last initial ("Jordan R."), so a
 * review is recognisably a real parent's without publishing their full name.
 */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0]?.toUpperCase();
  if (!first) return initial ? `${initial}.` : "A parent";
  return initial ? `${first} ${initial}.` : first;
}

/**
 * The rating as shown beside a teacher's name: "4.7 (12 reviews)", or "New — no reviews yet" for a
 * teacher nobody has reviewed (decisions.md: no invented rating).
 */
export function ratingSummary(rating: number | null, reviewCount: number): string {
  if (rating === null || reviewCount === 0) return "New — no reviews yet";
  return `${rating.toFixed(1)} (${reviewCount} ${reviewCount === 1 ? "review" : "reviews"})`;
}
