import { zodResolver } from "@hookform/resolvers/zod";
import { Archive, ArchiveRestore, LogOut, Pencil } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { classUpdateSchema, type ClassUpdate, type ClassUpdateInput } from "../../../shared/classes/classes.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { ConfirmDialog } from "./confirm-dialog";
import { useArchiveClass, useDisenroll, useUnarchiveClass, useUpdateClass } from "./use-classes";

/**
 * Class name, teacher and student; the teacher edits name and description, the parent archives
 * (for their family only), unarchives or disenrolls.
 */
export function ClassHeader({ detail }: { detail: ClassDetail }) {
  const [editing, setEditing] = useState(false);
  const isTeacher = detail.viewerRole === "teacher";
  // The family sees its own archive; the teacher only the class's status.
  const archived = detail.status === "archived" || detail.familyArchived;
  if (editing) return <EditClassForm detail={detail} onDone={() => setEditing(false)} />;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{detail.name}</h1>
          {archived ? (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Archived</span>
          ) : null}
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-600">Teacher:</dt>
            <dd className="font-medium text-slate-900">{detail.teacherName}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600">Student:</dt>
            <dd className="font-medium text-slate-900">{detail.studentName ?? "No student has joined yet"}</dd>
          </div>
          {isTeacher && detail.joinCode ? (
            <div className="flex gap-1">
              <dt className="text-slate-600">Join code:</dt>
              <dd className="font-mono font-semibold tracking-widest text-slate-900">{detail.joinCode}</dd>
            </div>
          ) : null}
        </dl>
        {detail.description ? <p className="mt-2 max-w-prose whitespace-pre-line text-slate-700">{detail.description}</p> : null}
      </div>
      {isTeacher ? (
        <TeacherActions detail={detail} onEdit={() => setEditing(true)} />
      ) : (
        <ParentActions detail={detail} />
      )}
    </header>
  );
}

/**
 * Edit, and the teacher's archive of the class itself (issue 26): a family that deleted their
 * account stays in the class as "Deleted user" until then, and archiving moves their record to
 * Earlier students.
 */
function TeacherActions({ detail, onEdit }: { detail: ClassDetail; onEdit: () => void }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const archive = useArchiveClass(detail.id);
  const unarchive = useUnarchiveClass(detail.id);
  const deletedFamily = detail.studentName !== null && detail.parentId === null;
  return (
    <div className="flex shrink-0 flex-wrap gap-2 self-start">
      <Button variant="secondary" onClick={onEdit}>
        <Pencil aria-hidden className="size-4" />
        Edit Class
      </Button>
      {detail.status === "archived" ? (
        <Button variant="secondary" onClick={() => unarchive.mutate()} disabled={unarchive.isPending}>
          <ArchiveRestore aria-hidden className="size-4" />
          {unarchive.isPending ? "Unarchiving..." : "Unarchive"}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <Archive aria-hidden className="size-4" />
          Archive
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) archive.reset();
        }}
        title="Archive Class"
        description={
          deletedFamily
            ? "The class moves to your archived classes. The family closed their account: their child's record moves to Earlier students, and once you unarchive the class a new family can join it with the code."
            : "The class moves to your archived classes, and to the family's. You can open it and unarchive it from there."
        }
        confirmLabel="Archive Class"
        pendingLabel="Archiving..."
        tone="primary"
        pending={archive.isPending}
        error={archive.error}
        onConfirm={() => archive.mutate(undefined, { onSuccess: () => void navigate("/teacher/manage") })}
      />
      {unarchive.isError ? <Alert className="basis-full">{errorMessage(unarchive.error, "Failed to unarchive class")}</Alert> : null}
    </div>
  );
}

function ParentActions({ detail }: { detail: ClassDetail }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<"archive" | "disenroll" | null>(null);
  const archive = useArchiveClass(detail.id);
  const unarchive = useUnarchiveClass(detail.id);
  const disenroll = useDisenroll(detail.id);
  const close = (open: boolean) => {
    if (open) return;
    setConfirm(null);
    archive.reset();
    disenroll.reset();
  };
  return (
    <div className="flex shrink-0 flex-wrap gap-2 self-start">
      {detail.familyArchived ? (
        <Button variant="secondary" onClick={() => unarchive.mutate()} disabled={unarchive.isPending}>
          <ArchiveRestore aria-hidden className="size-4" />
          {unarchive.isPending ? "Unarchiving..." : "Unarchive"}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setConfirm("archive")}>
          <Archive aria-hidden className="size-4" />
          Archive
        </Button>
      )}
      <Button variant="secondaryDanger" onClick={() => setConfirm("disenroll")}>
        <LogOut aria-hidden className="size-4" />
        Disenroll
      </Button>
      <ConfirmDialog
        open={confirm === "archive"}
        onOpenChange={close}
        title="Archive Class"
        description="The class moves to your archived classes, for your family only: your teacher's class does not change. You can open it and unarchive it from there."
        confirmLabel="Archive Class"
        pendingLabel="Archiving..."
        tone="primary"
        pending={archive.isPending}
        error={archive.error}
        onConfirm={() => archive.mutate(undefined, { onSuccess: () => void navigate("/manage") })}
      />
      <ConfirmDialog
        open={confirm === "disenroll"}
        onOpenChange={close}
        title="Disenroll from Class"
        description="Disenrolling permanently removes the class from your account. This cannot be undone."
        confirmLabel="Disenroll"
        pendingLabel="Disenrolling..."
        pending={disenroll.isPending}
        error={disenroll.error}
        onConfirm={() => disenroll.mutate(undefined, { onSuccess: () => void navigate("/manage") })}
      />
      {unarchive.isError ? <Alert className="basis-full">{errorMessage(unarchive.error, "Failed to unarchive class")}</Alert> : null}
    </div>
  );
}

function EditClassForm({ detail, onDone }: { detail: ClassDetail; onDone: () => void }) {
  const update = useUpdateClass(detail.id);
  const form = useForm<ClassUpdateInput, unknown, ClassUpdate>({
    resolver: zodResolver(classUpdateSchema),
    defaultValues: { name: detail.name, description: detail.description },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, { onSuccess: onDone, onError: (error) => setServerErrors(error, form.setError, ["name", "description"]) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit class" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h1 className="sr-only">{detail.name}</h1>
      <Field id="edit-class-name" label="Class Name" error={errors.name?.message}>
        <Input id="edit-class-name" {...invalidProps("edit-class-name", errors.name?.message)} {...form.register("name")} />
      </Field>
      <Field id="edit-class-description" label="Description" error={errors.description?.message}>
        <Textarea id="edit-class-description" {...invalidProps("edit-class-description", errors.description?.message)} {...form.register("description")} />
      </Field>
      {update.isError ? <Alert>{errorMessage(update.error, "Failed to save class")}</Alert> : null}
      <FormActions submit="Save Changes" pending={update.isPending} pendingLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
