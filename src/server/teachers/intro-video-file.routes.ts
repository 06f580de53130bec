import { Hono } from "hono";
import { introVideoFileParams } from "../../shared/path-params.schemas";
import { createStorage, fileResponse } from "../files";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validateParams } from "../http/validate";
import { publishedIntroVideo } from "./intro-video.service";

/** /api/files/teacher-videos: intro videos are public (decisions.md section 3). */
export function createIntroVideoFileRoutes(deps: Deps) {
  const storage = createStorage(deps.env);
  return new Hono<AppEnv>().get(
    "/teacher-videos/:teacherId/:file",
    // A malformed id or any other file name names nothing: 404 before any lookup.
    validateParams(introVideoFileParams, "File not found."),
    async (c) => {
      const { teacherId, file } = c.req.valid("param");
      const video = await publishedIntroVideo(deps, teacherId, file);
      return fileResponse(c, storage, video.key, { contentType: video.contentType, cacheControl: "public, max-age=3600" });
    },
  );
}
