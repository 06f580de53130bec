import * as Tabs from "@radix-ui/react-tabs";
import { CalendarPlus, FileText, GraduationCap, Home, MessageSquare, Plus, Settings2, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { CLASS_FILE_ACCEPT, CLASS_NOT_FOUND_MESSAGE, FILE_TOO_LARGE_MESSAGE, MAX_CLASS_FILE_BYTES } from "../../../shared/classes/classes.api";
import type { ProgressFormat } from "../../../shared/classes/classes.constants";
import { AppError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useMe } from "../auth/use-me";
import { MessagesDrawerLauncher, preloadMessagesDrawer } from "../messages/messages-drawer-launcher";
import { BookLessonDialog } from "./book-lesson-dialog";
import { classMessageTarget } from "./class-messages";
import { CategoriesDialog } from "./categories-dialog";
import { ClassHeader } from "./class-header";
import { FilesTab } from "./files-tab";
import { LessonNotes } from "../lessons/lesson-panels";
import { FORMAT_OPTIONS } from "./format-labels";
import { GradeDialog, GradesTab, type GradeDialogState } from "./grades-tab";
import { GradeProgress } from "./grade-progress";
import { MessagesTab } from "./messages-tab";
import { useClass, useSetFormat, useUploadFile } from "./use-classes";
import { ClassPractice } from "../practice/class-practice";
import { XpProgress } from "./xp-progress";
import { BackLink } from "../../components/ui/back-link";

const TABS = [
  { value: "home", label: "Home", Icon: Home },
  { value: "grades", label: "Grades", Icon: GraduationCap },
  { value: "files", label: "Files", Icon: FileText },
  { value: "messages", label: "Messages", Icon: MessageSquare },
] as const;
type Tab = (typeof TABS)[number]["value"];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/** /class/:classId (spec section 2): any signed-in user; the server decides what they may see. */
export function Component() {
  const { classId = "" } = useParams();
  const me = useMe();
  const query = useClass(classId);
  const backTo = (query.data?.viewerRole ?? me.data?.role) === "teacher" ? "/teacher/manage" : "/manage";

  if (query.isPending) return <Spinner label="Loading class details..." />;
  if (query.isError) {
    const notFound = query.error instanceof AppError && query.error.code === "not_found";
    return (
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 text-center sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">Error Loading Class</h1>
        <p className="mt-3 text-slate-700">{notFound ? CLASS_NOT_FOUND_MESSAGE : errorMessage(query.error, CLASS_NOT_FOUND_MESSAGE)}</p>
        <Link to={backTo} className={buttonClasses("primary", "md", "mt-6")}>
          Back to Classes
        </Link>
      </main>
    );
  }
  return <ClassView detail={query.data} backTo={backTo} />;
}

function ClassView({ detail, backTo }: { detail: ClassDetail; backTo: string }) {
  const isTeacher = detail.viewerRole === "teacher";
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "home";
  const setTab = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next === "home") updated.delete("tab");
    else updated.set("tab", next);
    setParams(updated, { replace: true });
  };

  const [gradeDialog, setGradeDialog] = useState<GradeDialogState>(null);
  const [booking, setBooking] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const messageTarget = classMessageTarget(detail);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile(detail.id);
  const [tooLarge, setTooLarge] = useState(false);

  const pickFile = () => {
    setTab("files");
    fileInput.current?.click();
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // The server refuses it too (413); saying so before sending 25 MB saves the wait.
    setTooLarge(file.size > MAX_CLASS_FILE_BYTES);
    if (file.size > MAX_CLASS_FILE_BYTES) return;
    upload.mutate(file);
  };

  const quickActions = (
    <QuickActions
      detail={detail}
      onBook={() => setBooking(true)}
      onMessage={"target" in messageTarget ? () => setMessaging(true) : undefined}
      onAddGrade={() => {
        setTab("grades");
        setGradeDialog({ mode: "add" });
      }}
      onUpload={pickFile}
      uploading={upload.isPending}
    />
  );

  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
      <BackLink to={backTo}>Back to Classes</BackLink>
      <div className="mt-3">
        <ClassHeader detail={detail} />
      </div>

      <Tabs.Root value={tab} onValueChange={setTab} className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <div className="space-y-4">
          <Tabs.List aria-label="Class sections" className="flex gap-1 overflow-x-auto border-b border-slate-200 lg:flex-col lg:border-b-0">
            {TABS.map(({ value, label, Icon }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  "inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2.5 sm:gap-2 sm:px-4 text-sm font-medium text-slate-600 hover:text-slate-900",
                  "lg:rounded-lg lg:border-b-0 lg:px-3",
                  "data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 lg:data-[state=active]:bg-brand-50",
                )}
              >
                {/* Four tabs fit a 390 px phone without their icons. */}
                <Icon aria-hidden className="hidden size-4 min-[420px]:block" />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="hidden lg:block">{quickActions}</div>
        </div>

        <div className="min-w-0">
          <div className="mb-4 lg:hidden">{quickActions}</div>
          <Tabs.Content value="home" className="focus:outline-none">
            <HomeTab detail={detail} isTeacher={isTeacher} />
          </Tabs.Content>
          <Tabs.Content value="grades" className="focus:outline-none">
            <GradesTab detail={detail} isTeacher={isTeacher} onOpenDialog={setGradeDialog} />
          </Tabs.Content>
          <Tabs.Content value="messages" className="focus:outline-none">
            <MessagesTab detail={detail} onStart={() => setMessaging(true)} />
          </Tabs.Content>
          <Tabs.Content value="files" className="focus:outline-none">
            <FilesTab
              detail={detail}
              isTeacher={isTeacher}
              onPickFile={pickFile}
              uploading={upload.isPending}
              uploadError={tooLarge ? new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE) : upload.error}
            />
          </Tabs.Content>
        </div>
      </Tabs.Root>

      {isTeacher ? (
        <>
          <input ref={fileInput} type="file" accept={CLASS_FILE_ACCEPT} className="hidden" aria-label="File to upload" onChange={onFile} />
          <GradeDialog detail={detail} state={gradeDialog} onClose={() => setGradeDialog(null)} />
        </>
      ) : null}
      {"target" in messageTarget ? (
        <MessagesDrawerLauncher target={messageTarget.target} title={messageTarget.title} open={messaging} onOpenChange={setMessaging} />
      ) : null}
      {booking && detail.teacherId && detail.studentId ? (
        <BookLessonDialog teacherId={detail.teacherId} classId={detail.id} studentId={detail.studentId} onClose={() => setBooking(false)} />
      ) : null}
    </main>
  );
}

function QuickActions({
  detail,
  onBook,
  onMessage,
  onAddGrade,
  onUpload,
  uploading,
}: {
  detail: ClassDetail;
  onBook: () => void;
  /** Send Message (everyone, spec section 2); undefined while there is nobody to write to. */
  onMessage: (() => void) | undefined;
  onAddGrade: () => void;
  onUpload: () => void;
  uploading: boolean;
}) {
  const isTeacher = detail.viewerRole === "teacher";
  const canBook = !isTeacher && detail.studentId !== null && detail.teacherCanTeach;
  // A family whose teacher can no longer teach is not offered a message that cannot be sent (issue 41).
  const offerMessage = isTeacher || onMessage !== undefined;
  // Grades are a student's: the server refuses one while nobody is in the class.
  const canGrade = detail.enrolledSince !== null;
  return (
    <section aria-label="Quick Actions" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Quick Actions</h2>
      <div className="mt-3 flex flex-wrap gap-2 lg:flex-col">
        {canBook ? (
          <Button variant="secondary" className="lg:justify-start" onClick={onBook}>
            <CalendarPlus aria-hidden className="size-4" />
            Book Another Lesson
          </Button>
        ) : null}
        {offerMessage ? (
          <Button
            variant="secondary"
            className="lg:justify-start"
            onClick={onMessage}
            disabled={!onMessage}
            onPointerEnter={preloadMessagesDrawer}
            onFocus={preloadMessagesDrawer}
          >
            <MessageSquare aria-hidden className="size-4" />
            Send Message
          </Button>
        ) : null}
        {isTeacher ? (
          <>
            <Button variant="secondary" className="lg:justify-start" onClick={onAddGrade} disabled={!canGrade}>
              <Plus aria-hidden className="size-4" />
              Add Grade
            </Button>
            <Button variant="secondary" className="lg:justify-start" onClick={onUpload} disabled={uploading}>
              <Upload aria-hidden className="size-4" />
              {uploading ? "Uploading..." : "Upload File"}
            </Button>
          </>
        ) : null}
      </div>
    </section>
  );
}

function HomeTab({ detail, isTeacher }: { detail: ClassDetail; isTeacher: boolean }) {
  const [editingCategories, setEditingCategories] = useState(false);
  const setFormat = useSetFormat(detail.id);
  const format = detail.progress.format;
  // Format and categories are the class's setup; values and achievements are a student's.
  const hasStudent = detail.enrolledSince !== null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Student Progress</h2>
        {isTeacher ? (
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Progress format" className="inline-flex rounded-lg bg-slate-100 p-1">
              {(Object.keys(FORMAT_OPTIONS) as ProgressFormat[]).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={format === value}
                  disabled={setFormat.isPending}
                  onClick={() => format !== value && setFormat.mutate(value)}
                  className={cn(
                    "h-8 rounded-md px-3 text-sm font-medium",
                    format === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                  )}
                >
                  {value === "xp" ? "XP" : "Grades"}
                </button>
              ))}
            </div>
            <Button variant="secondary" size="sm" onClick={() => setEditingCategories(true)}>
              <Settings2 aria-hidden className="size-4" />
              Edit Categories
            </Button>
          </div>
        ) : null}
      </div>
      {setFormat.isError ? <Alert>{errorMessage(setFormat.error, "Failed to switch format")}</Alert> : null}
      {isTeacher && !hasStudent ? (
        <p className="text-sm text-slate-600">
          No student is in this class now. Progress, achievements and grades are recorded once a student joins; you can set the format and categories
          already.
        </p>
      ) : null}
      {format === "xp" ? <XpProgress detail={detail} isTeacher={isTeacher && hasStudent} /> : <GradeProgress detail={detail} />}
      <ClassPractice detail={detail} isTeacher={isTeacher} />
      {detail.studentId && detail.teacherId ? (
        <section aria-labelledby="lesson-notes-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="lesson-notes-heading" className="mb-2 text-lg font-semibold text-slate-900">Lesson notes</h2>
          <LessonNotes studentId={detail.studentId} teacherId={detail.teacherId} side={isTeacher ? "teacher" : "parent"} />
        </section>
      ) : null}
      {isTeacher ? (
        <CategoriesDialog
          classId={detail.id}
          names={detail.progress.categories.map((c) => c.name)}
          open={editingCategories}
          onOpenChange={setEditingCategories}
        />
      ) : null}
    </div>
  );
}
