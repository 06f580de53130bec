import { ArchiveRestore, BookOpen, Plus, RotateCcw, Search } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { ClassSummary, ViewerRole } from "../../../shared/classes/classes.api";
import { CLASS_SEARCH_MAX_LENGTH } from "../../../shared/classes/classes.api";
import type { ClassStatus } from "../../../shared/classes/classes.constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { PageShell } from "../../app/page-shell";
import { ConfirmDialog } from "./confirm-dialog";
import { CopyCodeButton } from "./copy-code-button";
import { CreateClassDialog } from "./create-class-dialog";
import { FORMAT_OPTIONS } from "./format-labels";
import { JoinClassDialog } from "./join-class-dialog";
import { useClassList, useResetJoinCode, useUnarchiveClass } from "./use-classes";

/** /manage (parent) and /teacher/manage (teacher), spec section 2: search, Active/Archived, create or join. */
export function Component() {
  const role: ViewerRole = useLocation().pathname.startsWith("/teacher") ? "teacher" : "parent";
  const navigate = useNavigate();
  const [status, setStatus] = useState<ClassStatus>("active");
  const [q, setQ] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  const classes = useClassList(role, status, q);

  return (
    <PageShell title="Manage Classes">
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            type="search"
            aria-label="Search classes by name"
            placeholder="Search classes by name"
            maxLength={CLASS_SEARCH_MAX_LENGTH}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-9"
          />
        </div>
        <div role="group" aria-label="Show classes" className="inline-flex rounded-lg bg-slate-100 p-1">
          {(["active", "archived"] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={cn(
                "h-8 flex-1 rounded-md px-4 text-sm font-medium",
                status === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {value === "active" ? "Active" : "Archived"}
            </button>
          ))}
        </div>
        <Button onClick={() => setDialogOpen(true)}>
          <Plus aria-hidden className="size-4" />
          {role === "teacher" ? "Create Class" : "Join Class"}
        </Button>
      </div>

      <section aria-label={status === "active" ? "Active classes" : "Archived classes"} className="mt-6">
        {classes.isPending ? (
          <p role="status" className="text-slate-600">
            Loading classes...
          </p>
        ) : classes.isError ? (
          <Alert>{errorMessage(classes.error, "Failed to load classes")}</Alert>
        ) : classes.data.length === 0 ? (
          <EmptyClasses role={role} status={status} q={q.trim()} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {classes.data.map((item) => (
              <li key={item.id}>
                <ClassCard item={item} role={role} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {role === "teacher" ? (
        <CreateClassDialog open={dialogOpen} onOpenChange={setDialogOpen} />
      ) : (
        <JoinClassDialog open={dialogOpen} onOpenChange={setDialogOpen} onJoined={(id) => void navigate(`/class/${id}`)} />
      )}
    </PageShell>
  );
}

function EmptyClasses({ role, status, q }: { role: ViewerRole; status: ClassStatus; q: string }) {
  const text = q
    ? `No ${status} classes match "${q}".`
    : status === "archived"
      ? "No archived classes."
      : role === "teacher"
        ? "No classes yet. Create a class and share its join code with a parent."
        : "No classes yet. Join a class with the code your teacher gave you.";
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <BookOpen aria-hidden className="size-8 text-slate-400" />
      <p className="text-slate-700">{text}</p>
    </div>
  );
}

function ClassCard({ item, role }: { item: ClassSummary; role: ViewerRole }) {
  return (
    <article className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-300 hover:shadow">
      <h2 className="text-lg font-semibold text-slate-900">
        {/* The whole card opens the class; the code buttons sit above the link's overlay. */}
        <Link to={`/class/${item.id}`} className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:underline">
          {item.name}
        </Link>
      </h2>
      {item.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{item.description}</p> : null}
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">{role === "teacher" ? "Student:" : "Teacher:"}</dt>
          <dd className="font-medium text-slate-800">{role === "teacher" ? (item.studentName ?? "Waiting for a student") : item.teacherName}</dd>
        </div>
        {role === "parent" && item.studentName ? (
          <div className="flex gap-1">
            <dt className="text-slate-600">Student:</dt>
            <dd className="font-medium text-slate-800">{item.studentName}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt className="text-slate-600">Progress:</dt>
          <dd className="text-slate-800">{FORMAT_OPTIONS[item.format]}</dd>
        </div>
      </dl>
      {role === "teacher" && item.joinCode ? <JoinCodeRow classId={item.id} code={item.joinCode} /> : null}
      {role === "parent" && item.familyArchived ? <UnarchiveRow item={item} /> : null}
    </article>
  );
}

/** The family's own archive (the teacher's class is unaffected): Unarchive brings it back to Active. */
function UnarchiveRow({ item }: { item: ClassSummary }) {
  const unarchive = useUnarchiveClass(item.id);
  return (
    <div className="relative z-10 mt-4 space-y-2 border-t border-slate-100 pt-3">
      <Button variant="secondary" size="sm" onClick={() => unarchive.mutate()} disabled={unarchive.isPending} aria-label={`Unarchive ${item.name}`}>
        <ArchiveRestore aria-hidden className="size-4" />
        {unarchive.isPending ? "Unarchiving..." : "Unarchive"}
      </Button>
      {unarchive.isError ? <Alert>{errorMessage(unarchive.error, "Failed to unarchive class")}</Alert> : null}
    </div>
  );
}

function JoinCodeRow({ classId, code }: { classId: string; code: string }) {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetJoinCode(classId);
  return (
    <div className="relative z-10 mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
      <span className="text-sm text-slate-600">Code</span>
      <span data-testid="join-code" className="font-mono text-base font-bold tracking-widest text-slate-900">
        {code}
      </span>
      <span className="ml-auto flex gap-2">
        <CopyCodeButton code={code} />
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Reset code ${code}`}>
          <RotateCcw aria-hidden className="size-4" />
          Reset
        </Button>
      </span>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) reset.reset();
        }}
        title="Reset Join Code"
        description={`The code ${code} stops working at once and the class gets a new one. A parent who has not joined yet needs the new code.`}
        confirmLabel="Reset Code"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        error={reset.error}
        onConfirm={() => reset.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}
