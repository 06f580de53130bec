import { introVideoBytes, teacherApplicationBody } from "../../factories/teacher-application";
import { everyone, teachersOnly, type RouteCase, type Upload } from "../route-case";

/** A real, playable MP4 as the browser sends it: the raw bytes as the request body. */
const introVideo = (): Upload => ({ bytes: new Uint8Array(introVideoBytes()), contentType: "video/mp4" });

export const teachersApplicationCases: RouteCase[] = [
  {
    // Anyone may apply with a new address (a signed-in user too: the application creates a new account).
    route: "POST /api/teachers", ok: 201,
    allowed: everyone,
    request: () => ({ path: "/api/teachers", body: { ...teacherApplicationBody() } }),
    badInput: { as: "anonymous", validBody: () => ({ ...teacherApplicationBody() }) },
  },
  {
    // A teacher uploads onto their own profile (the teacher comes from the session, or from the
    // application's upload token, tested in teacher-application.integration.test.ts).
    route: "PUT /api/teachers/me/intro-video", ok: 200,
    allowed: teachersOnly,
    request: () => ({ path: "/api/teachers/me/intro-video", upload: introVideo() }),
    badInput: { as: "teacher", validUpload: introVideo },
  },
  {
    // Intro videos are public (decisions.md section 3); world.teacher has one.
    route: "GET /api/files/teacher-videos/:teacherId/:file", ok: 200,
    allowed: everyone,
    request: (world) => ({ path: `/api/files/teacher-videos/${world.teacher.teacherId}/intro-video.mp4` }),
  },
];
