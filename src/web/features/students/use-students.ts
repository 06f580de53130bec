import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  RepertoireCreate,
  RepertoireEntry,
  StudentCreate,
  StudentProfile,
  StudentSummary,
  StudentUpdate,
} from "../../../shared/students/students.schemas";
import { api, call } from "../../lib/api";

/** ["students"] is the parent's list; ["students", id] one profile. Invalidating the first covers both. */
export const STUDENTS_QUERY_KEY = ["students"] as const;
export const studentQueryKey = (studentId: string) => ["students", studentId] as const;

export function useStudents() {
  return useQuery({
    queryKey: STUDENTS_QUERY_KEY,
    queryFn: (): Promise<StudentSummary[]> => call(api.students.$get()),
  });
}

export function useStudent(studentId: string) {
  return useQuery({
    queryKey: studentQueryKey(studentId),
    queryFn: (): Promise<StudentProfile> => call(api.students[":studentId"].$get({ param: { studentId } })),
  });
}

export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentCreate): Promise<StudentSummary> => call(api.students.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY, exact: true }),
  });
}

export function useUpdateStudent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: StudentUpdate): Promise<StudentProfile> =>
      call(api.students[":studentId"].$patch({ param: { studentId }, json: patch })),
    onSuccess: async (profile) => {
      // The answer is the saved profile: show it at once, and refresh the cards (name, age, interests).
      queryClient.setQueryData(studentQueryKey(studentId), profile);
      await queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY, exact: true });
    },
  });
}

export function useAddRepertoire(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RepertoireCreate): Promise<RepertoireEntry> =>
      call(api.students[":studentId"].repertoire.$post({ param: { studentId }, json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentQueryKey(studentId) }),
  });
}

export function useDeleteRepertoire(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      call(api.students[":studentId"].repertoire[":entryId"].$delete({ param: { studentId, entryId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentQueryKey(studentId) }),
  });
}
