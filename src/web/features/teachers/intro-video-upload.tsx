import { CheckCircle2, Film, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { isErrorBody } from "../../../shared/errors";
import {
  checkIntroVideoFile,
  INTRO_VIDEO_ACCEPT,
  INTRO_VIDEO_HINT,
  UPLOAD_TOKEN_HEADER,
  VIDEO_UPLOAD_FAILED_MESSAGE,
} from "../../../shared/teachers/intro-video.constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";

const UPLOAD_URL = "/api/teachers/me/intro-video";

/**
 * Sends a video as the raw request body (the server streams it to disk) and reports progress.
 * XMLHttpRequest rather than fetch: only it reports upload progress. Resolves with the video's
 * public URL; rejects with the server's message or "Failed to upload video".
 */
export function uploadIntroVideo(
  file: File,
  options: { uploadToken?: string | undefined; onProgress?: (percent: number) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", UPLOAD_URL);
    // Never empty: an untyped body would fall under the small JSON body limit.
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    if (options.uploadToken) xhr.setRequestHeader(UPLOAD_TOKEN_HEADER, options.uploadToken);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const url = (body as { introVideoUrl?: unknown } | null)?.introVideoUrl;
      if (xhr.status >= 200 && xhr.status < 300 && typeof url === "string") return resolve(url);
      reject(new Error(isErrorBody(body) ? body.error.message : VIDEO_UPLOAD_FAILED_MESSAGE));
    };
    xhr.onerror = () => reject(new Error(VIDEO_UPLOAD_FAILED_MESSAGE));
    xhr.onabort = () => reject(new Error(VIDEO_UPLOAD_FAILED_MESSAGE));
    xhr.send(file);
  });
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** An upload progress bar with its percentage, announced to screen readers. */
export function UploadProgress({ percent, label = "Uploading video" }: { percent: number; label?: string }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}…</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The styled file input both the picker and the uploader use. */
function VideoFileInput({
  id,
  label,
  disabled,
  onFile,
  describedBy,
}: {
  id: string;
  label: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  describedBy: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={INTRO_VIDEO_ACCEPT}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still fires a change.
          if (input.current) input.current.value = "";
          if (file) onFile(file);
        }}
        className={cn(
          "block w-full rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-700",
          "file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700",
          "disabled:cursor-not-allowed disabled:opacity-60",
        )}
      />
      <p id={describedBy} className="text-xs text-slate-600">
        {INTRO_VIDEO_HINT}
      </p>
    </div>
  );
}

/**
 * Chooses a video without uploading it (the application wizard uploads after the account exists).
 * The same checks as the upload: type and size, with the server's messages.
 */
export function IntroVideoPicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      {file ? null : (
        <VideoFileInput
          id={`${id}-file`}
          describedBy={`${id}-hint`}
          label="Intro video (optional)"
          onFile={(chosen) => {
            const problem = checkIntroVideoFile(chosen);
            setError(problem);
            onChange(problem ? null : chosen);
          }}
        />
      )}
      {error ? <Alert>{error}</Alert> : null}
      {file ? <p className="text-sm font-medium text-slate-800">Intro video (optional)</p> : null}
      {file ? (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm">
          <span className="sr-only">Chosen:</span>
          <Film aria-hidden className="size-5 shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1 truncate text-slate-800">
            {file.name} <span className="text-slate-500">({formatSize(file.size)})</span>
          </span>
          <Button variant="ghost" size="sm" aria-label={`Remove ${file.name}`} onClick={() => onChange(null)}>
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Uploads an intro video as soon as it is chosen, with progress; for Teacher settings (signed in)
 * or, with `uploadToken`, for a teacher who has just applied and has no session yet.
 */
export function IntroVideoUpload({ onUploaded, uploadToken }: { onUploaded: (url: string) => void; uploadToken?: string }) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const upload = async (file: File) => {
    const problem = checkIntroVideoFile(file);
    setDone(false);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const url = await uploadIntroVideo(file, { uploadToken, onProgress: setProgress });
      setDone(true);
      onUploaded(url);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : VIDEO_UPLOAD_FAILED_MESSAGE);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-2">
      <VideoFileInput
        id={`${id}-file`}
        describedBy={`${id}-hint`}
        label="Upload an intro video"
        disabled={progress !== null}
        onFile={(file) => void upload(file)}
      />
      {progress !== null ? <UploadProgress percent={progress} /> : null}
      {error ? <Alert>{error}</Alert> : null}
      {done ? (
        <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700">
          <CheckCircle2 aria-hidden className="size-4" /> Video uploaded
        </p>
      ) : null}
    </div>
  );
}
