import { Save } from "lucide-react";
import type { TeacherProfile } from "../../../../shared/teachers/profile.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api";
import { IntroVideoSection } from "./intro-video-section";
import { BasicInformationSection, InstrumentsSection, TeachingProfileSection, WhereAndHowSection } from "./teacher-settings-sections";
import { useTeacherSettingsForm } from "./use-teacher-settings-form";

export function TeacherSettingsForm({ profile }: { profile: TeacherProfile }) {
  const { form, e, submit, update, saved, videoRemoved, setVideoRemoved, lessonFormat, inPersonPlace, recheckStudio } = useTeacherSettingsForm(profile);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-6">
      <BasicInformationSection form={form} e={e} email={profile.email} />

      <TeachingProfileSection form={form} e={e} savedTimeZone={profile.timeZone} recheckStudio={recheckStudio} />

      <WhereAndHowSection form={form} e={e} lessonFormat={lessonFormat} inPersonPlace={inPersonPlace} recheckStudio={recheckStudio} />

      <InstrumentsSection form={form} e={e} />

      <IntroVideoSection
        savedUrl={profile.introVideoUrl}
        removed={videoRemoved}
        onRemove={() => setVideoRemoved(true)}
        onUndoRemove={() => setVideoRemoved(false)}
        onUploaded={() => setVideoRemoved(false)}
      />

      <div className="sticky bottom-0 -mx-4 space-y-3 border-t border-slate-200 bg-white/95 px-4 py-4 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0">
        {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
        {update.isError ? <Alert>{errorMessage(update.error, "Failed to update profile")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={update.isPending} className="w-full sm:w-auto">
            {update.isPending ? "Saving..." : (
              <>
                <Save aria-hidden className="size-4" />
                Save Changes
              </>
            )}
          </Button>
        </div>
      </div>
    </form>
  );
}
