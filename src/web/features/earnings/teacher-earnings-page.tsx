import { StatementPage, useStatementYear } from "./statement-view";
import { useEarnings } from "./use-statements";

/** /teacher/earnings (decisions.md section 2): the teacher's lessons per month at the price agreed for each (issue 28). */
export function Component() {
  const [year, setYear] = useStatementYear();
  const earnings = useEarnings(year);
  return (
    <StatementPage
      title="Earnings"
      intro="Your lessons per month: each lesson at the price you agreed when you accepted it; cancelled lessons are not owed unless a late cancellation was charged."
      paymentsNote="Payments are not taken in the app. Families pay you directly, in the way you agree with them, so these figures are what your lessons are worth at their agreed prices, not money received."
      side="teacher"
      query={earnings}
      year={year}
      onYearChange={setYear}
      emptyText="Lessons appear here once you accept a request."
    />
  );
}
