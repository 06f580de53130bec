import { useQuery } from "@tanstack/react-query";
import type { TeacherStudentsResponse } from "../../../../shared/teachers/teacher-students.api";
import { api, call } from "../../../lib/api";

export function useTeacherStudents() {
  return useQuery({
    queryKey: ["teachers", "me", "students"],
    queryFn: (): Promise<TeacherStudentsResponse> => call(api.teachers.me.students.$get()),
  });
}
