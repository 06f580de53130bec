import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LessonSettings, LessonSettingsDTO, TimeOffCreate, TimeOffCreatedDTO } from "../../../../shared/teachers/lesson-settings.schemas";
import { api, call } from "../../../lib/api";

export const LESSON_SETTINGS_QUERY_KEY = ["teachers", "me", "lesson-settings"] as const;

export function useLessonSettings() {
  return useQuery({
    queryKey: LESSON_SETTINGS_QUERY_KEY,
    queryFn: (): Promise<LessonSettingsDTO> => call(api.teachers.me["lesson-settings"].$get()),
  });
}

export function useSaveLessonSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LessonSettings): Promise<LessonSettingsDTO> => call(api.teachers.me["lesson-settings"].$put({ json: settings })),
    onSuccess: (saved) => queryClient.setQueryData(LESSON_SETTINGS_QUERY_KEY, saved),
  });
}

export function useAddTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: TimeOffCreate): Promise<TimeOffCreatedDTO> => call(api.teachers.me["time-off"].$post({ json: range })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LESSON_SETTINGS_QUERY_KEY }),
  });
}

export function useDeleteTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeOffId: string) => call(api.teachers.me["time-off"][":timeOffId"].$delete({ param: { timeOffId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LESSON_SETTINGS_QUERY_KEY }),
  });
}
