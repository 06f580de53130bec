import { formatMoney } from "../../../shared/invoices/money.rules";

/** A price set at migration from the low end of the range (issue 28), not agreed: said beside it. */
export function EstimatedMark() {
  return (
    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" title="Set from the teacher's listed rate when prices were introduced">
      Estimated
    </span>
  );
}

/**
 * The price agreed for a lesson when it was accepted (issue 28), as both sides see it: "Price:
 * $60.00 USD per lesson", marked Estimated when it was set at migration; an intro call is free.
 * Nothing while no price was agreed (a pending request).
 */
export function LessonPrice({ lesson }: { lesson: { bookingType: "intro" | "full"; priceCents: number | null; priceEstimated: boolean } }) {
  if (lesson.priceCents === null) return null;
  if (lesson.bookingType === "intro") return <p className="text-slate-700">Free intro call</p>;
  return (
    <p className="text-slate-700" data-testid="lesson-price">
      <span className="font-medium">Price:</span> {formatMoney(lesson.priceCents)} per lesson
      {lesson.priceEstimated ? <EstimatedMark /> : null}
    </p>
  );
}
