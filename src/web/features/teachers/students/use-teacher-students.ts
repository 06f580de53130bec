import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StudentMeetingLinkDTO } from "../../../../shared/booking/lesson-place.schemas";
import type { TeacherStudentsResponse } from "../../../../shared/teachers/teacher-students.api";
import { api, call } from "../../../lib/api";
import { LESSONS_KEY } from "../../lessons/lessons-key";
import { TEACHER_REQUESTS_KEY } from "../../booking/booking-keys";

/** My Students: each student's next, upcoming and attended lessons and credits. */
export const TEACHER_STUDENTS_QUERY_KEY = ["teachers", "me", "students"] as const;

export function useTeacherStudents() {
  return useQuery({
    queryKey: TEACHER_STUDENTS_QUERY_KEY,
    queryFn: (): Promise<TeacherStudentsResponse> => call(api.teachers.me.students.$get()),
  });
}

/**
 * Sets (a url) or removes (null) the teacher's meeting link for one student (issue 26). The
 * students list, the lessons that show the link and the requests that wait for one all change.
 */
export function useStudentMeetingLink(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string | null): Promise<StudentMeetingLinkDTO> => {
      const param = { studentId };
      return url === null
        ? call(api.teachers.me.students[":studentId"]["meeting-link"].$delete({ param }))
        : call(api.teachers.me.students[":studentId"]["meeting-link"].$put({ param, json: { url } }));
    },
    onSuccess: async () => {
      await Promise.all(
        [TEACHER_STUDENTS_QUERY_KEY, LESSONS_KEY, TEACHER_REQUESTS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
