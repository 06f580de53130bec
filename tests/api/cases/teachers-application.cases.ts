import { teacherApplicationBody } from "../../factories/teacher-application";
import { everyone, teachersOnly, type RouteCase } from "../route-case";

/** The matrix sends JSON: not a video, so an allowed teacher is answered 415 (allowed, and nothing stored). */
const notAVideo = () => ({ video: "this JSON is not a video" });

export const teachersApplicationCases: RouteCase[] = [
  {
    // Anyone may apply with a new address (a signed-in user too: the application creates a new account).
    route: "POST /api/teachers",
    allowed: everyone,
    request: () => ({ path: "/api/teachers", body: { ...teacherApplicationBody() } }),
    badInput: { as: "anonymous", validBody: () => ({ ...teacherApplicationBody() }) },
  },
  {
    // A teacher uploads onto their own profile (the teacher comes from the session, or from the
    // application's upload token, tested in teacher-application.integration.test.ts).
    route: "PUT /api/teachers/me/intro-video",
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/intro-video", body: notAVideo() }),
    badInput: { as: "teacher", validBody: notAVideo },
  },
  {
    // Intro videos are public (decisions.md section 3); world.teacher has one.
    route: "GET /api/files/teacher-videos/:teacherId/:file",
    allowed: everyone,
    request: (world) => ({ path: `/api/files/teacher-videos/${world.teacher.teacherId}/intro-video.mp4` }),
  },
];
