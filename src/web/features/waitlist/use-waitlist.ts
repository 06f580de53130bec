import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClaimResult,
  JoinWaitlist,
  ParentWaitlist,
  TeacherWaitlist,
  WaitlistEntryDTO,
  WaitlistEntryUpdate,
  WaitlistSettings,
} from "../../../shared/waitlist/waitlist.schemas";
import { api, call } from "../../lib/api";
import { invalidateLessonViews } from "../lessons/lesson-views";
import { WAITLIST_KEY } from "./waitlist-keys";

const MINE_KEY = [...WAITLIST_KEY, "mine"] as const;
const TEACHING_KEY = [...WAITLIST_KEY, "teaching"] as const;

/** The family's entries and the offers they may claim now (live: GET /api/live's waitlist_changed). */
export function useMyWaitlist(enabled = true) {
  return useQuery({ queryKey: MINE_KEY, enabled, queryFn: (): Promise<ParentWaitlist> => call(api.waitlist.mine.$get()) });
}

export function useTeacherWaitlist() {
  return useQuery({ queryKey: TEACHING_KEY, queryFn: (): Promise<TeacherWaitlist> => call(api.waitlist.teaching.$get()) });
}

function useWaitlistMutation<I, O>(fn: (input: I) => Promise<O>, alsoLessons = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WAITLIST_KEY });
      // A claim sends a booking request: the requests, lessons and open times change too.
      if (alsoLessons) invalidateLessonViews(queryClient);
    },
  });
}

export const useJoinWaitlist = () =>
  useWaitlistMutation((input: JoinWaitlist): Promise<{ entry: WaitlistEntryDTO }> => call(api.waitlist.$post({ json: input })));

export const useUpdateEntry = () =>
  useWaitlistMutation(({ entryId, input }: { entryId: string; input: WaitlistEntryUpdate }): Promise<{ entry: WaitlistEntryDTO }> =>
    call(api.waitlist.entries[":entryId"].$put({ param: { entryId }, json: input })),
  );

export const useEntryAction = () =>
  useWaitlistMutation(({ entryId, action }: { entryId: string; action: "renew" | "leave" }): Promise<{ entry: WaitlistEntryDTO }> =>
    action === "renew"
      ? call(api.waitlist.entries[":entryId"].renew.$post({ param: { entryId } }))
      : call(api.waitlist.entries[":entryId"].leave.$post({ param: { entryId } })),
  );

export const useClaimOffer = () =>
  useWaitlistMutation((offerId: string): Promise<ClaimResult> => call(api.waitlist.offers[":offerId"].claim.$post({ param: { offerId } })), true);

export const useDeclineOffer = () =>
  useWaitlistMutation((offerId: string): Promise<unknown> => call(api.waitlist.offers[":offerId"].decline.$post({ param: { offerId } })));

export const useSaveWaitlistSettings = () =>
  useWaitlistMutation((settings: WaitlistSettings): Promise<TeacherWaitlist> => call(api.waitlist.teaching.settings.$put({ json: settings })));

export const useCloseEntry = () =>
  useWaitlistMutation((entryId: string): Promise<TeacherWaitlist> => call(api.waitlist.teaching.entries[":entryId"].close.$post({ param: { entryId } })));
