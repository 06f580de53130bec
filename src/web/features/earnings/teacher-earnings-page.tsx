import { StatementPage, useStatementYear } from "./statement-view";
import { useEarnings } from "./use-statements";

/** /teacher/earnings (decisions.md section 2): the teacher's lessons per month at their listed rate. */
export function Component() {
  const [year, setYear] = useStatementYear();
  const earnings = useEarnings(year);
  return (
    <StatementPage
      title="Earnings"
      intro="Your lessons per month: attended and upcoming lessons valued at the rate you list, and cancelled lessons, which are not owed."
      paymentsNote="Payments are not taken in the app. Families pay you directly, in the way you agree with them, so these figures are what your lessons are worth at your listed rate, not money received."
      side="teacher"
      query={earnings}
      year={year}
      onYearChange={setYear}
      emptyText="Lessons appear here once you accept a request."
    />
  );
}
