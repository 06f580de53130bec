import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeacherApplication, TeacherApplicationResult } from "../../../../shared/teachers/application.schemas";
import { api, call } from "../../../lib/api";
import { ME_QUERY_KEY } from "../../auth/use-me";
import { uploadIntroVideo } from "../intro-video-upload";

export interface SubmittedApplication {
  result: TeacherApplicationResult;
  email: string;
  /** Set when a chosen video could not be uploaded (the account exists all the same). */
  videoError: string | null;
  videoUploaded: boolean;
}

/**
 * Creates the teacher's account in one request, then uploads the chosen intro video with the token
 * that request returns. A failed upload does not fail the application: it is reported in the result.
 * `onProgress` gets the upload's percent, then null when it is over. The new teacher is signed in
 * (unless the address must be confirmed first): "me" is read again so the top bar shows them.
 */
export function useSubmitApplication(onProgress: (percent: number | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, video }: { values: TeacherApplication; video: File | null }): Promise<SubmittedApplication> => {
      const result: TeacherApplicationResult = await call(api.teachers.$post({ json: values }));
      const submission: SubmittedApplication = { result, email: values.personal.email, videoError: null, videoUploaded: false };
      if (video) {
        onProgress(0);
        try {
          await uploadIntroVideo(video, { uploadToken: result.uploadToken, onProgress });
          submission.videoUploaded = true;
        } catch (error) {
          submission.videoError = error instanceof Error ? error.message : null;
        } finally {
          onProgress(null);
        }
      }
      if (result.signedIn) await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, exact: true });
      return submission;
    },
  });
}
