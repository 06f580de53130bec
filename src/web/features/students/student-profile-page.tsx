import { CalendarDays, MapPin, Monitor, Pencil, UserX } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { AppError } from "../../../shared/errors";
import { LEARNING_STYLES } from "../../../shared/students/students.constants";
import { studentFullName } from "../../../shared/students/students.rules";
import type { StudentProfile } from "../../../shared/students/students.schemas";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { formatDate } from "./format";
import { Chip, StudentAvatar } from "./form-controls";
import { MyRequests } from "../booking/my-requests";
import { MessageTeacherAction } from "./message-teacher-action";
import { CreditsPanel } from "../lessons/credits-panel";
import { ParentLessons } from "../lessons/lesson-panels";
import { StudentPractice } from "../practice/student-practice";
import { RepertoireSection } from "./repertoire-section";
import { StudentClasses } from "./student-classes";
import { StudentProfileForm } from "./student-profile-form";
import { useStudent } from "./use-students";
import { BackLink } from "../../components/ui/back-link";

const BACK_TO_LIST = "/parent/student-profiles";

/** /parent/student/:studentId (spec section 2): the full profile, view and edit, and the repertoire. */
export function Component() {
  const { studentId = "" } = useParams();
  const student = useStudent(studentId);

  if (student.isPending) return <Spinner label="Loading student profile..." />;
  if (student.isError) {
    if (student.error instanceof AppError && student.error.code === "not_found") return <StudentNotFound />;
    return (
      <Page>
        <h1 className="text-2xl font-bold text-slate-900">Student Profile</h1>
        <Alert className="mt-4">
          <p>{errorMessage(student.error, "Failed to load student profile")}</p>
          <Button variant="link" className="mt-1" onClick={() => void student.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  return <StudentProfileScreen student={student.data} />;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to={BACK_TO_LIST}>Back to My Students</BackLink>
      <div className="mt-4">{children}</div>
    </main>
  );
}

function StudentNotFound() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <UserX aria-hidden className="mb-4 size-12 text-slate-400" />
      <h1 className="text-2xl font-bold text-slate-900">Student not found</h1>
      <p className="mt-3 text-slate-600">This student profile does not exist, or it is not one of your students.</p>
      <Link to={BACK_TO_LIST} className={`${buttonClasses("primary")} mt-6`}>
        Back to My Students
      </Link>
    </main>
  );
}

function StudentProfileScreen({ student }: { student: StudentProfile }) {
  const [editing, setEditing] = useState(false);
  const name = studentFullName(student);

  return (
    <Page>
      <header className="flex flex-wrap items-center gap-4">
        <StudentAvatar firstName={student.firstName} lastName={student.lastName} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>Age {student.age}</span>
            <span aria-hidden>·</span>
            <span>Student since {formatDate(student.enrollmentDate)}</span>
            <Chip tone={student.enrollmentStatus === "active" ? "brand" : "slate"}>
              {student.enrollmentStatus === "active" ? "Active" : "Inactive"}
            </Chip>
          </p>
        </div>
      </header>

      {/* Phone: header, lessons, profile, repertoire, class. Desktop: profile and repertoire beside the two cards. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <section
          aria-labelledby="actions-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:col-start-3 lg:row-start-1 lg:self-start"
        >
          <h2 id="actions-heading" className="text-lg font-semibold text-slate-900">
            Lessons
          </h2>
          <div className="mt-4 flex flex-col gap-2">
            <Link to={`/find-teachers?lessonType=online&studentId=${student.id}`} className={buttonClasses("primary", "md", "w-full")}>
              <Monitor aria-hidden className="size-4" />
              Book Online Lesson
            </Link>
            <Link
              to={`/find-teachers?lessonType=in-person&studentId=${student.id}`}
              className={buttonClasses("primary", "md", "w-full")}
            >
              <MapPin aria-hidden className="size-4" />
              Book In-Person Lesson
            </Link>
            <Link to={`/parent/calendar?student=${student.id}`} className={buttonClasses("secondary", "md", "w-full")}>
              <CalendarDays aria-hidden className="size-4" />
              View Schedule
            </Link>
            <MessageTeacherAction studentId={student.id} />
          </div>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Lessons and notes</h3>
          <ParentLessons studentId={student.id} />
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Make-up credits</h3>
          <CreditsPanel studentId={student.id} />
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Lesson requests</h3>
          <MyRequests studentId={student.id} />
        </section>

        <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
            <div className="flex items-center justify-between gap-3">
              <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
                {editing ? "Edit Profile" : "Profile"}
              </h2>
              {editing ? null : (
                <Button variant="secondary" size="sm" className="shrink-0" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden className="size-4" />
                  Edit
                </Button>
              )}
            </div>
            <div className="mt-4">
              {editing ? (
                <StudentProfileForm student={student} onDone={() => setEditing(false)} />
              ) : (
                <ProfileDetails student={student} />
              )}
            </div>
          </section>

          <section aria-labelledby="practice-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
            <h2 id="practice-heading" className="mb-4 text-lg font-semibold text-slate-900">
              Practice
            </h2>
            <StudentPractice studentId={student.id} />
          </section>

          <RepertoireSection studentId={student.id} entries={student.repertoire} />
        </div>

        <section
          aria-labelledby="class-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:col-start-3 lg:row-start-2 lg:self-start"
        >
          <h2 id="class-heading" className="text-lg font-semibold text-slate-900">
            Class Details
          </h2>
          <StudentClasses classes={student.classes} />
        </section>
      </div>
    </Page>
  );
}

function ProfileDetails({ student }: { student: StudentProfile }) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      <Detail label="Interests">
        {student.interests.length ? (
          <ul className="flex flex-wrap gap-1.5">
            {student.interests.map((interest) => (
              <li key={interest}>
                <Chip>{interest}</Chip>
              </li>
            ))}
          </ul>
        ) : (
          <Empty />
        )}
      </Detail>
      <Detail label="Learning style">
        {student.preferredStyle ? LEARNING_STYLES[student.preferredStyle] : <Empty text="Not set" />}
      </Detail>
      <ListDetail label="Learning goals" items={student.learningGoals} />
      <ListDetail label="Achievements" items={student.achievements} />
      <ListDetail label="Strengths" items={student.strengths} />
      <ListDetail label="Areas for improvement" items={student.areasForImprovement} />
    </dl>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function ListDetail({ label, items }: { label: string; items: string[] }) {
  return (
    <Detail label={label}>
      {items.length ? (
        <ul className="list-disc space-y-1 pl-5 break-words">
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>{item}</li>
          ))}
        </ul>
      ) : (
        <Empty />
      )}
    </Detail>
  );
}

function Empty({ text = "None yet" }: { text?: string }) {
  return <span className="text-slate-500">{text}</span>;
}
