import { viewerTimeZone } from "../../lib/time-zone";
import { FamilyInvoicesSection } from "../invoices/family-invoices-section";
import { StatementPage, useStatementYear } from "./statement-view";
import { useBilling } from "./use-statements";

/** /billing (decisions.md section 2): the family's lessons per month with every teacher, at the price agreed for each (issue 28). */
export function Component() {
  const [year, setYear] = useStatementYear();
  const billing = useBilling(year, viewerTimeZone());
  return (
    <StatementPage
      title="Billing"
      intro="Your students' lessons per month with all their teachers: each lesson at the price agreed with its teacher; cancelled lessons are not owed unless a late cancellation was charged."
      paymentsNote="Payments are not taken in the app. You pay your teachers directly, in the way you agree with them; the invoices they send you are below, with what they recorded as paid."
      lead={<FamilyInvoicesSection />}
      side="parent"
      query={billing}
      year={year}
      onYearChange={setYear}
      emptyText="Lessons appear here once a teacher accepts your request."
    />
  );
}
