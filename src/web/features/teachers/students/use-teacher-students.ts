import { useQuery } from "@tanstack/react-query";
import type { TeacherStudentsResponse } from "../../../../shared/teachers/teacher-students.api";
import { api, call } from "../../../lib/api";

/** My Students: each student's next, upcoming and attended lessons and credits. */
export const TEACHER_STUDENTS_QUERY_KEY = ["teachers", "me", "students"] as const;

export function useTeacherStudents() {
  return useQuery({
    queryKey: TEACHER_STUDENTS_QUERY_KEY,
    queryFn: (): Promise<TeacherStudentsResponse> => call(api.teachers.me.students.$get()),
  });
}
