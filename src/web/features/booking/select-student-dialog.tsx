import { Link } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useStudents } from "../students/use-students";

/** Spec: "Select Student"; opened before the review when no student was chosen yet. */
export function SelectStudentDialog({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (studentId: string) => void;
}) {
  const students = useStudents();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Select Student" description="Who is this lesson for?">
        {students.isPending ? <p className="text-slate-600">Loading...</p> : null}
        {students.isError ? <Alert>Failed to load student profiles</Alert> : null}
        {students.data && students.data.length === 0 ? (
          <div className="space-y-3">
            <Alert tone="info">No students found. Please add a student profile first.</Alert>
            <Link to="/parent/student-profiles" className={buttonClasses("primary", "md", "w-full")}>
              Add a student
            </Link>
          </div>
        ) : null}
        <ul className="space-y-2">
          {students.data?.map((s) => (
            <li key={s.id}>
              <Button variant="secondary" align="start" className="w-full" onClick={() => onSelect(s.id)}>
                {s.firstName} {s.lastName} <span className="text-slate-500">· age {s.age}</span>
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
