import { Hono } from "hono";
import { requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { createAvailabilityRoutes } from "./availability.routes";
import { createBillingSettingsRoutes } from "./billing-settings.routes";
import { createIntroVideoUploadRoutes } from "./intro-video.routes";
import { createLessonSettingsRoutes, createTimeOffRoutes } from "./lesson-settings.routes";
import { createTeacherProfileRoutes } from "./teacher-profile.routes";
import { createTeacherStudentsRoutes } from "./teacher-students.routes";

/**
 * /api/teachers/me…: everything of the signed-in teacher, behind one guard. The intro-video
 * upload alone has its own (a session or the application's upload token: the wizard uploads
 * before the teacher has signed in), so it is registered before the router-wide guard, which
 * Hono then never reaches for it.
 */
export function createOwnTeacherRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .route("/intro-video", createIntroVideoUploadRoutes(deps))
    .use(requireUser(deps), requireTeacher(deps))
    .route("/", createTeacherProfileRoutes(deps))
    .route("/availability", createAvailabilityRoutes(deps))
    .route("/students", createTeacherStudentsRoutes(deps))
    .route("/lesson-settings", createLessonSettingsRoutes(deps))
    .route("/time-off", createTimeOffRoutes(deps))
    .route("/billing-settings", createBillingSettingsRoutes(deps));
}
