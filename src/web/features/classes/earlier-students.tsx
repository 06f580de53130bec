import { FileText } from "lucide-react";
import type { ClassDetail, EarlierStudent } from "../../../shared/classes/classes.api";
import { gradeLabel } from "../../../shared/classes/grades.rules";
import { formatInstant } from "./format-date";
import { GradeSummary } from "./grade-summary";
import { FileViewLink } from "./file-view-link";

/**
 * The teacher's history of a class: each family that has left, labelled with its child, with the
 * grades or files of its time in the class. Read only: it is that child's record, which a family
 * joining later never sees. Nothing is shown while no family has left.
 */
export function EarlierStudents({ detail, part }: { detail: ClassDetail; part: "grades" | "files" }) {
  if (detail.earlierStudents.length === 0) return null;
  return (
    <section aria-labelledby={`earlier-${part}`} className="space-y-3 border-t border-slate-200 pt-4">
      <div>
        <h3 id={`earlier-${part}`} className="text-lg font-semibold text-slate-900">
          Earlier students
        </h3>
        <p className="text-sm text-slate-600">
          {part === "grades" ? "Grades" : "Files"} from students who have left this class. Only you can see them.
        </p>
      </div>
      <ul className="space-y-3">
        {detail.earlierStudents.map((student) => (
          <li key={student.enrolmentId}>
            <article aria-label={`${student.studentName}, earlier student`} className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
              <h4 className="font-semibold text-slate-900">{student.studentName}</h4>
              <p className="text-sm text-slate-600">
                In this class {formatInstant(student.joinedAt)} – {formatInstant(student.leftAt)}
                {part === "grades" ? ` · ${finalStanding(student)}` : null}
              </p>
              {part === "grades" ? <EarlierGrades student={student} /> : <EarlierFiles student={student} />}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the child stood when the family left, in the class's format then. */
function finalStanding({ progress }: EarlierStudent): string {
  if (progress.format === "xp") return `left at level ${progress.level}, ${progress.xp} XP`;
  const graded = progress.categories.some((c) => c.score !== null);
  return graded ? `left with an overall grade of ${progress.overall} (${gradeLabel(progress.overall)})` : "left before any grade";
}

function EarlierGrades({ student }: { student: EarlierStudent }) {
  if (student.grades.length === 0) return <p className="mt-2 text-sm text-slate-600">No grades.</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-200">
      {student.grades.map((grade) => (
        <li key={grade.id} className="py-2">
          <GradeSummary grade={grade} />
        </li>
      ))}
    </ul>
  );
}

function EarlierFiles({ student }: { student: EarlierStudent }) {
  if (student.files.length === 0) return <p className="mt-2 text-sm text-slate-600">No files.</p>;
  return (
    <ul className="mt-2 space-y-2">
      {student.files.map((file) => (
        <li key={file.id} className="flex items-start gap-2 text-sm">
          <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span className="min-w-0 flex-1 break-words text-slate-900">{file.name}</span>
          <FileViewLink file={file} className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}
