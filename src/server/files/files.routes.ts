import { validateParams } from "../http/validate";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../http/app-env";
import { publishedIntroVideo } from "../teachers/intro-video.service";
import { fileResponse } from "./serve-file";
import { createStorage } from "./storage";

const introVideoParams = z.object({
  teacherId: z.guid(),
  file: z.enum(["intro-video.mp4", "intro-video.mov", "intro-video.webm"]),
});

/** /api/files: stored files. Intro videos are public (decisions.md section 3). */
export function createFilesRoutes(deps: Deps) {
  const storage = createStorage(deps.env);
  return new Hono<AppEnv>().get(
    "/teacher-videos/:teacherId/:file",
    // A malformed id or any other file name names nothing: 404 before any lookup.
    validateParams(introVideoParams, "File not found."),
    async (c) => {
      const { teacherId, file } = c.req.valid("param");
      const video = await publishedIntroVideo(deps, teacherId, file);
      return fileResponse(c, storage, video.key, { contentType: video.contentType, cacheControl: "public, max-age=3600" });
    },
  );
}
