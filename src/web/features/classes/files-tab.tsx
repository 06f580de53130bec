import { FileText, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import type { ClassDetail, ClassFile } from "../../../shared/classes/classes.api";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { ConfirmDialog } from "./confirm-dialog";
import { EarlierStudents } from "./earlier-students";
import { formatInstant } from "./format-date";
import { FileViewLink } from "./file-view-link";
import { useDeleteFile } from "./use-classes";

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Files tab: the teacher uploads (through the page's file picker) and deletes; both sides view. */
export function FilesTab({
  detail,
  isTeacher,
  onPickFile,
  uploading,
  uploadError,
}: {
  detail: ClassDetail;
  isTeacher: boolean;
  onPickFile: () => void;
  uploading: boolean;
  uploadError: unknown;
}) {
  const [deleting, setDeleting] = useState<ClassFile | null>(null);
  const remove = useDeleteFile(detail.id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Files</h2>
        {isTeacher ? (
          <Button onClick={onPickFile} disabled={uploading}>
            <Upload aria-hidden className="size-4" />
            {uploading ? "Uploading..." : "Upload File"}
          </Button>
        ) : null}
      </div>
      {uploadError ? <Alert>{errorMessage(uploadError, "Failed to upload file")}</Alert> : null}
      {isTeacher && detail.enrolledSince === null ? (
        <p className="text-sm text-slate-600">No student is in this class now: files you upload are shared with every student who joins.</p>
      ) : null}
      {detail.files.length === 0 ? (
        <p className="text-slate-600">No files available yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {detail.files.map((file) => (
            <li key={file.id} className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4">
              <FileText aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-600" />
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-slate-900">{file.name}</p>
                <p className="text-sm text-slate-600">
                  Uploaded {formatInstant(file.uploadedAt)} · {formatSize(file.sizeBytes)}
                  {isTeacher && file.sharedWithClass ? " · Shared with every student" : null}
                </p>
                <div className="mt-2 flex flex-wrap gap-3">
                  <FileViewLink file={file} className="text-sm" />
                  {isTeacher ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
                      aria-label={`Delete ${file.name}`}
                      onClick={() => setDeleting(file)}
                    >
                      <Trash2 aria-hidden className="size-3.5" />
                      Delete
                    </button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title="Delete File"
        description={`Delete ${deleting?.name ?? "this file"}? The parent will no longer be able to open it. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
      {isTeacher ? <EarlierStudents detail={detail} part="files" /> : null}
    </div>
  );
}
