import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { UPLOAD_TOKEN_HEADER } from "../../shared/teachers/intro-video.constants";
import { requireTeacher, requireUser } from "../auth";
import { createStorage } from "../files";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { releaseUploadToken, teacherIdForUploadToken, uploadIntroVideo } from "./intro-video.service";

/**
 * The uploader is a signed-in teacher, or the application wizard holding the upload token of the
 * teacher it just created (no session yet). Either way the teacher comes from the session or the
 * signed token, never from the path or the body, so nobody can upload onto another teacher.
 */
function requireTeacherOrUploadToken(deps: Deps) {
  const user = requireUser(deps);
  const teacher = requireTeacher(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = c.req.header(UPLOAD_TOKEN_HEADER);
    if (token !== undefined) {
      const teacherId = await teacherIdForUploadToken(deps, token);
      c.set("teacherId", teacherId);
      await next();
      // A failed upload gives the one-time token back, so the wizard can send a good file.
      if (c.error || c.res.status >= 400) await releaseUploadToken(deps, teacherId);
      return;
    }
    await user(c, async () => {
      await teacher(c, next);
    });
  });
}

/** PUT /api/teachers/me/intro-video: the raw request body is the video, streamed (never buffered whole). */
export function createIntroVideoUploadRoutes(deps: Deps) {
  const storage = createStorage(deps.env);
  return new Hono<AppEnv>().put("/", requireTeacherOrUploadToken(deps), async (c) =>
    c.json(
      await uploadIntroVideo(deps, storage, c.get("teacherId"), {
        body: c.req.raw.body,
        contentLength: c.req.header("content-length"),
      }),
    ),
  );
}
