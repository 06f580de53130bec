import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { earliestStartMinute, isLocalDate } from "../../../shared/calendar/calendar-views.rules";
import { Spinner } from "../../components/ui/spinner";
import { useMe } from "../auth/use-me";
import { useStudents } from "../students/use-students";
import { useAvailability } from "../teachers/schedule/use-availability";
import { viewerTimeZone } from "../../lib/time-zone";
import { CalendarView, type CalendarViewName } from "./calendar-view";
import { LinkCalendarDialog } from "./link-calendar-dialog";

const VIEWS = ["month", "week", "day"] as const satisfies readonly CalendarViewName[];
const isView = (value: string | null): value is CalendarViewName => (VIEWS as readonly string[]).includes(value ?? "");

/**
 * /parent/calendar and /teacher/calendar (spec section 2, Calendar page). The view and date live in
 * the URL (?view=week&date=2026-12-03), so a link or a reload opens the same place; ?student=
 * narrows a parent's calendar to one student.
 */
export function Component() {
  const { pathname } = useLocation();
  const role = pathname.startsWith("/teacher") ? "teacher" : "parent";
  return role === "parent" ? <ParentCalendar /> : <TeacherCalendar />;
}

/** A teacher's week and day views open at their earliest availability. */
function TeacherCalendar() {
  const availability = useAvailability();
  return <CalendarPage role="teacher" students={[]} workStartMinute={earliestStartMinute(availability.data?.windows ?? [])} />;
}

function ParentCalendar() {
  const students = useStudents();
  if (students.isPending) return <Spinner label="Loading calendar..." />;
  return <CalendarPage role="parent" students={students.data ?? []} />;
}

function CalendarPage({
  role,
  students,
  workStartMinute = null,
}: {
  role: "parent" | "teacher";
  students: readonly { id: string; firstName: string; lastName: string }[];
  workStartMinute?: number | null;
}) {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const view = isView(params.get("view")) ? (params.get("view") as CalendarViewName) : "month";
  const dateParam = params.get("date");
  const date = dateParam && isLocalDate(dateParam) ? dateParam : null;
  const studentId = role === "parent" ? (params.get("student") ?? undefined) : undefined;
  const student = studentId ? students.find((s) => s.id === studentId) : undefined;
  const timeZone = viewerTimeZone();

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  };

  if (!me.data?.user) return <Spinner label="Loading calendar..." />;
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8">
      <Link
        to={role === "parent" ? "/dashboard" : "/teacher-landing"}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Calendar{studentId ? (student ? `: ${student.firstName} ${student.lastName}` : "") : ""}
        </h1>
        <LinkCalendarDialog />
      </div>
      {studentId ? (
        <p className="mt-1 text-sm text-slate-600">
          {student ? `Showing ${student.firstName}'s events only.` : "No student of yours matches this link."}{" "}
          <Link to="/parent/calendar" className="font-medium text-brand-700 hover:underline">
            Show everyone
          </Link>
        </p>
      ) : null}
      <div className="mt-4">
        <CalendarView
          view={view}
          views={VIEWS}
          onViewChange={(next) => update({ view: next })}
          date={date}
          onDateChange={(next) => update({ date: next })}
          timeZone={timeZone}
          userId={me.data.user.id}
          studentId={studentId}
          students={students}
          workStartMinute={workStartMinute}
          showBusy={role === "teacher"}
        />
      </div>
    </main>
  );
}
