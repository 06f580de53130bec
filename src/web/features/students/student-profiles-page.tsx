import { ChevronRight, Plus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { StudentSummary } from "../../../shared/students/students.schemas";
import { studentFullName } from "../../../shared/students/students.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { AddStudentDialog } from "./add-student-dialog";
import { Chip, StudentAvatar } from "./form-controls";
import { useStudents } from "./use-students";

/** /parent/student-profiles (spec section 2): the parent's students as cards, and Add New Student. */
export function Component() {
  const students = useStudents();
  const [adding, setAdding] = useState(false);

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Students</h1>
          <p className="mt-1 text-slate-600">The children you book lessons for. Open a profile to see goals and repertoire.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          Add New Student
        </Button>
      </div>

      <div className="mt-8">
        {students.isPending ? (
          <Spinner label="Loading students..." />
        ) : students.isError ? (
          <Alert>
            <p>Failed to load profiles</p>
            <Button variant="link" className="mt-1" onClick={() => void students.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : students.data.length === 0 ? (
          <EmptyState onAdd={() => setAdding(true)} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Students">
            {students.data.map((student) => (
              <li key={student.id}>
                <StudentCard student={student} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <AddStudentDialog open={adding} onOpenChange={setAdding} />
    </main>
  );
}

function StudentCard({ student }: { student: StudentSummary }) {
  return (
    <Link
      to={`/parent/student/${student.id}`}
      className="group flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600/40 hover:shadow-md"
    >
      <div className="flex items-center gap-4">
        <StudentAvatar firstName={student.firstName} lastName={student.lastName} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">{studentFullName(student)}</h2>
          <p className="text-sm text-slate-600">Age {student.age}</p>
        </div>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600" />
      </div>
      {student.interests.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Interests">
          {student.interests.map((interest) => (
            <li key={interest}>
              <Chip>{interest}</Chip>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No interests chosen yet</p>
      )}
    </Link>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 px-6 py-14 text-center">
      <Users aria-hidden className="size-10 text-brand-600" />
      <h2 className="mt-4 text-lg font-semibold text-slate-900">No students yet</h2>
      <p className="mt-1 max-w-sm text-slate-600">Add your first student to keep their goals and pieces in one place and book lessons for them.</p>
      <Button className="mt-6" onClick={onAdd}>
        <Plus aria-hidden className="size-4" />
        Add Your First Student
      </Button>
    </div>
  );
}
