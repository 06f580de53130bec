import { Hono } from "hono";
import type { z } from "zod";
import {
  classListQuerySchema,
  FILE_NAME_HEADER,
  FILE_NOT_FOUND_MESSAGE,
  fileIdParamSchema,
  GRADE_NOT_FOUND_MESSAGE,
  CLASS_NOT_FOUND_MESSAGE,
} from "../../shared/classes/classes.api";
import { ACHIEVEMENT_NOT_FOUND_MESSAGE, CATEGORY_NOT_FOUND_MESSAGE } from "../../shared/classes/classes.constants";
import {
  achievementIdParamSchema,
  categoriesEditSchema,
  categoryIdParamSchema,
  categoryValueEditSchema,
  classCreateSchema,
  classIdParamSchema,
  classJoinSchema,
  classUpdateSchema,
  gradeCreateSchema,
  gradeIdParamSchema,
  gradeUpdateSchema,
  progressFormatEditSchema,
} from "../../shared/classes/classes.schemas";
import { requireParent, requireTeacher, requireUser } from "../auth";
import { classFileDisposition, createStorage, fileResponse } from "../files";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as files from "./class-files.service";
import * as progress from "./class-progress.service";
import * as service from "./classes.service";

/** A malformed path id names nothing: 404 with that resource's message, before any SQL. */
function validateIds<Schema extends z.ZodType>(schema: Schema) {
  return validateParams(schema, (bad) => {
    switch (bad) {
      case "gradeId":
        return GRADE_NOT_FOUND_MESSAGE;
      case "fileId":
        return FILE_NOT_FOUND_MESSAGE;
      case "categoryId":
        return CATEGORY_NOT_FOUND_MESSAGE;
      case "achievementId":
        return ACHIEVEMENT_NOT_FOUND_MESSAGE;
      default:
        return CLASS_NOT_FOUND_MESSAGE;
    }
  });
}

/**
 * /api/classes. Routes on one class need only a session: the service decides from the account's
 * profiles whether the caller is the class's teacher, its parent, or a stranger (404).
 * File uploads are the raw request body, streamed (never multipart, never buffered whole), with the
 * name in the x-file-name header (encodeURIComponent of the name).
 */
export function createClassesRoutes(deps: Deps) {
  const storage = createStorage(deps.env);
  const user = requireUser(deps);
  return new Hono<AppEnv>()
    .get("/", user, validate("query", classListQuerySchema), async (c) =>
      c.json(await service.listClasses(deps, c.get("user").id, c.req.valid("query"))),
    )
    .post("/", user, requireTeacher(deps), validate("json", classCreateSchema), async (c) =>
      c.json(await service.createClass(deps, c.get("user").id, c.get("teacherId"), c.req.valid("json")), 201),
    )
    .post("/join", user, requireParent(deps), validate("json", classJoinSchema), async (c) =>
      c.json(await service.joinClass(deps, c.get("user").id, c.get("parentId"), c.req.valid("json"))),
    )
    .get("/:classId", user, validateIds(classIdParamSchema), async (c) =>
      c.json(await service.getClass(deps, c.get("user").id, c.req.valid("param").classId)),
    )
    .patch("/:classId", user, validateIds(classIdParamSchema), validate("json", classUpdateSchema), async (c) =>
      c.json(await service.updateClass(deps, c.get("user").id, c.req.valid("param").classId, c.req.valid("json"))),
    )
    .post("/:classId/join-code", user, validateIds(classIdParamSchema), async (c) =>
      c.json(await service.resetJoinCode(deps, c.get("user").id, c.req.valid("param").classId)),
    )
    .post("/:classId/archive", user, validateIds(classIdParamSchema), async (c) =>
      c.json(await service.archiveClass(deps, c.get("user").id, c.req.valid("param").classId)),
    )
    .post("/:classId/unarchive", user, validateIds(classIdParamSchema), async (c) =>
      c.json(await service.unarchiveClass(deps, c.get("user").id, c.req.valid("param").classId)),
    )
    .post("/:classId/disenroll", user, validateIds(classIdParamSchema), async (c) =>
      c.json(await service.disenroll(deps, c.get("user").id, c.req.valid("param").classId)),
    )
    .put("/:classId/progress/format", user, validateIds(classIdParamSchema), validate("json", progressFormatEditSchema), async (c) =>
      c.json(await progress.setFormat(deps, c.get("user").id, c.req.valid("param").classId, c.req.valid("json").format)),
    )
    .put("/:classId/progress/categories", user, validateIds(classIdParamSchema), validate("json", categoriesEditSchema), async (c) =>
      c.json(await progress.editCategoriesOf(deps, c.get("user").id, c.req.valid("param").classId, c.req.valid("json"))),
    )
    .patch(
      "/:classId/progress/categories/:categoryId",
      user,
      validateIds(categoryIdParamSchema),
      validate("json", categoryValueEditSchema),
      async (c) => {
        const { classId, categoryId } = c.req.valid("param");
        return c.json(await progress.setCategoryValueOf(deps, c.get("user").id, classId, categoryId, c.req.valid("json").value));
      },
    )
    .post(
      "/:classId/progress/categories/:categoryId/achievements/:achievementId/unlock",
      user,
      validateIds(achievementIdParamSchema),
      async (c) => {
        const { classId, categoryId, achievementId } = c.req.valid("param");
        return c.json(await progress.unlock(deps, c.get("user").id, classId, categoryId, achievementId));
      },
    )
    .post("/:classId/grades", user, validateIds(classIdParamSchema), validate("json", gradeCreateSchema), async (c) =>
      c.json(await progress.addGrade(deps, c.get("user").id, c.req.valid("param").classId, c.req.valid("json")), 201),
    )
    .patch("/:classId/grades/:gradeId", user, validateIds(gradeIdParamSchema), validate("json", gradeUpdateSchema), async (c) => {
      const { classId, gradeId } = c.req.valid("param");
      return c.json(await progress.editGrade(deps, c.get("user").id, classId, gradeId, c.req.valid("json")));
    })
    .delete("/:classId/grades/:gradeId", user, validateIds(gradeIdParamSchema), async (c) => {
      const { classId, gradeId } = c.req.valid("param");
      return c.json(await progress.deleteGrade(deps, c.get("user").id, classId, gradeId));
    })
    .post("/:classId/files", user, validateIds(classIdParamSchema), async (c) =>
      c.json(
        await files.uploadFile(deps, storage, c.get("user").id, c.req.valid("param").classId, {
          // Checked by the service after the caller is known to be the class's teacher.
          name: c.req.header(FILE_NAME_HEADER),
          body: c.req.raw.body,
          contentLength: c.req.header("content-length"),
        }),
        201,
      ),
    )
    .get("/:classId/files/:fileId", user, validateIds(fileIdParamSchema), async (c) => {
      const { classId, fileId } = c.req.valid("param");
      const file = await files.fileForViewer(deps, c.get("user").id, classId, fileId);
      return fileResponse(c, storage, file.storageKey, {
        contentType: file.contentType,
        cacheControl: "private, no-store",
        headers: { "content-disposition": classFileDisposition(file.contentType, file.name) },
      });
    })
    .delete("/:classId/files/:fileId", user, validateIds(fileIdParamSchema), async (c) => {
      const { classId, fileId } = c.req.valid("param");
      return c.json(await files.deleteFile(deps, storage, c.get("user").id, classId, fileId));
    });
}
