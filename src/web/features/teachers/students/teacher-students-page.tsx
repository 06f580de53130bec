import { Users } from "lucide-react";
import { PageShell } from "../../../app/page-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api";
import { viewerTimeZone } from "../../../lib/time-zone";
import { FamilyInvoiceLinks } from "../../invoices/family-invoice-links";
import { usePracticeOverview } from "../../practice/use-practice";
import { StudentCard } from "./student-card";
import { useTeacherStudents } from "./use-teacher-students";

/** /teacher/students (decisions.md section 2): every student the teacher teaches or is booked with. */
export function Component() {
  const students = useTeacherStudents();
  // Practice figures load beside the list; a card shows "No practice logged yet" until they come.
  const practice = usePracticeOverview("teacher");
  const practiceOf = new Map(practice.data?.students.map((row) => [row.studentId, row]));
  const timeZone = viewerTimeZone();
  return (
    <PageShell title="My Students">
      <p className="mt-2 max-w-prose text-slate-600">
        Every student you have taught or are booked with, and the students in your classes. Times are shown in {timeZone}.
      </p>
      <FamilyInvoiceLinks />
      <section aria-label="Students" className="mt-6">
        {students.isPending ? (
          <p role="status" className="text-slate-600">
            Loading students...
          </p>
        ) : students.isError ? (
          <Alert>
            <p>{errorMessage(students.error, "Failed to load students")}</p>
            <Button variant="link" className="mt-1" onClick={() => void students.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : students.data.students.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <Users aria-hidden className="size-8 text-slate-400" />
            <p className="text-slate-700">No students yet. A student appears here once you accept their lesson request or they join one of your classes.</p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {students.data.students.map((student) => (
              <li key={student.studentId}>
                <StudentCard student={student} timeZone={timeZone} practice={practiceOf.get(student.studentId)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageShell>
  );
}
