import { ChevronRight, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import type { StudentClass } from "../../../shared/students/students.schemas";

/**
 * Class Details of the student page (spec section 2): the student's active classes as the server
 * lists them, each with its teacher and a link to the class page.
 */
export function StudentClasses({ classes }: { classes: StudentClass[] }) {
  if (classes.length === 0) {
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
        <GraduationCap aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
        Not enrolled in a class yet
      </p>
    );
  }
  return (
    <ul className="mt-3 divide-y divide-slate-100" aria-label="Classes">
      {classes.map((item) => (
        <li key={item.id}>
          <Link
            to={`/class/${item.id}`}
            className="group flex items-center gap-3 rounded-lg py-2.5 text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <GraduationCap className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-slate-900">{item.name}</span>
              <span className="block text-slate-600">with {item.teacherName}</span>
            </span>
            <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
