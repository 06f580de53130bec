import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { StudentPractice } from "./student-practice";
import { usePracticeOverview } from "./use-practice";

/** The parent dashboard's practice: each child's homework, timer, log and week, one after the other. */
export function ChildrenPractice() {
  const overview = usePracticeOverview("parent");
  if (overview.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading practice...
      </p>
    );
  }
  if (overview.isError) {
    return (
      <Alert>
        <p>{errorMessage(overview.error, "Failed to load practice")}</p>
        <Button variant="link" className="mt-1" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const children = overview.data.students;
  if (children.length === 0) return <p className="text-sm text-slate-600">Add a student profile first; practice is logged for a child.</p>;
  return (
    <div className="divide-y divide-slate-200">
      {children.map((child) => (
        <section key={child.studentId} aria-label={child.studentName} className="py-5 first:pt-0 last:pb-0" data-testid="child-practice">
          {children.length > 1 ? <h3 className="mb-3 text-lg font-semibold text-slate-900">{child.studentName}</h3> : null}
          <StudentPractice studentId={child.studentId} />
        </section>
      ))}
    </div>
  );
}
