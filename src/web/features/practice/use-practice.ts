import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClassPracticeSettingsDTO,
  HomeworkDTO,
  PracticeEntryDTO,
  PracticeOverviewDTO,
  PracticeTimerDTO,
  StudentPracticeDTO,
} from "../../../shared/practice/practice.api";
import type {
  CreateEntryInput,
  CreateHomeworkInput,
  ReviewHomeworkInput,
  StopTimerInput,
  UpdateEntryInput,
  UpdateHomeworkInput,
} from "../../../shared/practice/practice.schemas";
import { api, call } from "../../lib/api";

/**
 * ["practice", …] is every practice figure (a child's week, the overviews). A log, an edit or a
 * homework change refreshes them all and the class pages, whose XP includes practice.
 */
export const PRACTICE_KEY = ["practice"] as const;
export const studentPracticeKey = (studentId: string) => ["practice", "student", studentId] as const;
const CLASS_DETAILS_KEY = ["classes", "detail"] as const;

export function useStudentPractice(studentId: string | null) {
  return useQuery({
    queryKey: studentPracticeKey(studentId ?? ""),
    queryFn: (): Promise<StudentPracticeDTO> => call(api.practice.students[":studentId"].$get({ param: { studentId: studentId ?? "" } })),
    enabled: Boolean(studentId),
  });
}

/** A teacher's students (My Students) or a parent's children (the dashboard), one row each. */
export function usePracticeOverview(as: "teacher" | "parent") {
  return useQuery({
    queryKey: ["practice", "overview", as] as const,
    queryFn: (): Promise<PracticeOverviewDTO> => call(as === "teacher" ? api.practice["my-students"].$get() : api.practice["my-children"].$get()),
  });
}

function useRefreshPractice() {
  const queryClient = useQueryClient();
  return () => Promise.all([PRACTICE_KEY, CLASS_DETAILS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateHomework() {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: (json: CreateHomeworkInput): Promise<HomeworkDTO> => call(api.practice.homework.$post({ json })),
    onSuccess: refresh,
  });
}

export function useUpdateHomework(homeworkId: string) {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: (json: UpdateHomeworkInput): Promise<HomeworkDTO> => call(api.practice.homework[":homeworkId"].$patch({ param: { homeworkId }, json })),
    onSuccess: refresh,
  });
}

export function useReviewHomework(homeworkId: string) {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: (json: ReviewHomeworkInput): Promise<HomeworkDTO> =>
      call(api.practice.homework[":homeworkId"].review.$post({ param: { homeworkId }, json })),
    onSuccess: refresh,
  });
}

export function useLogPractice() {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: (json: CreateEntryInput): Promise<PracticeEntryDTO> => call(api.practice.entries.$post({ json })),
    onSuccess: refresh,
  });
}

export function useUpdateEntry(entryId: string) {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: (json: UpdateEntryInput): Promise<PracticeEntryDTO> => call(api.practice.entries[":entryId"].$patch({ param: { entryId }, json })),
    onSuccess: refresh,
  });
}

export function useDeleteEntry() {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: async (entryId: string): Promise<void> => {
      await call(api.practice.entries[":entryId"].$delete({ param: { entryId } }));
    },
    onSuccess: refresh,
  });
}

export type TimerCommand = { kind: "start" | "pause" | "resume" | "discard" } | { kind: "stop"; json: StopTimerInput };

/** The timer's buttons: each asks the server, which keeps the start time; the figures refresh after. */
export function useTimerCommand(studentId: string) {
  const refresh = useRefreshPractice();
  const timer = api.practice.students[":studentId"].timer;
  const param = { studentId };
  return useMutation({
    mutationFn: async (command: TimerCommand): Promise<PracticeTimerDTO | PracticeEntryDTO | null> => {
      switch (command.kind) {
        case "start":
          return call(timer.$post({ param }));
        case "pause":
          return call(timer.pause.$post({ param }));
        case "resume":
          return call(timer.resume.$post({ param }));
        case "stop":
          return call(timer["stop-and-log"].$post({ param, json: command.json }));
        case "discard":
          await call(timer.$delete({ param }));
          return null;
      }
    },
    // A refused command (another device paused or logged it first) also refreshes: the view then shows the server's timer.
    onSettled: refresh,
  });
}

export function useClassPracticeXp(classId: string) {
  const refresh = useRefreshPractice();
  return useMutation({
    mutationFn: (practiceXp: boolean): Promise<ClassPracticeSettingsDTO> =>
      call(api.practice.classes[":classId"].$patch({ param: { classId }, json: { practiceXp } })),
    onSuccess: refresh,
  });
}
