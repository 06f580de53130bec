import { Trash2, Undo2, Video } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { IntroVideoUpload } from "../intro-video-upload";
import { SettingsSection } from "./form-parts";
import { useShowUploadedIntroVideo } from "./use-teacher-profile";

/**
 * The Introduction Video of the settings page. An upload is stored at once by the upload API;
 * "Remove video" only marks it here, and the form's Save clears it (spec section 2).
 */
export function IntroVideoSection({
  savedUrl,
  removed,
  onRemove,
  onUndoRemove,
  onUploaded,
}: {
  savedUrl: string | null;
  removed: boolean;
  onRemove: () => void;
  onUndoRemove: () => void;
  onUploaded: () => void;
}) {
  const showUploaded = useShowUploadedIntroVideo();
  const shownUrl = removed ? null : savedUrl;

  const uploaded = (url: string) => {
    showUploaded(url);
    onUploaded();
  };

  return (
    <SettingsSection id="video" title="Introduction Video" description="A 1-2 minute video helps parents get to know you.">
      {shownUrl ? (
        <div className="space-y-3">
          <video controls preload="metadata" src={shownUrl} className="aspect-video w-full rounded-xl bg-slate-900">
            <track kind="captions" />
          </video>
          <Button variant="secondary" onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
            Remove video
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <Video aria-hidden className="mb-2 size-8 text-slate-400" />
          <p className="text-sm text-slate-600">No introduction video yet.</p>
        </div>
      )}
      {removed ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          <span>Your video will be removed when you save your changes.</span>
          <Button variant="link" onClick={onUndoRemove}>
            <Undo2 aria-hidden className="size-4" />
            Keep my video
          </Button>
        </div>
      ) : null}
      <div className="border-t border-slate-100 pt-4">
        <p className="mb-3 text-sm text-slate-600">
          {shownUrl ? "Upload a new video to replace this one. It is saved as soon as the upload finishes." : "Your video is saved as soon as the upload finishes."}
        </p>
        <IntroVideoUpload onUploaded={uploaded} />
      </div>
    </SettingsSection>
  );
}
