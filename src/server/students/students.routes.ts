import { Hono } from "hono";
import type { z } from "zod";
import {
  repertoireCreateSchema,
  REPERTOIRE_NOT_FOUND_MESSAGE,
  STUDENT_NOT_FOUND_MESSAGE,
  studentCreateSchema,
  studentUpdateSchema,
} from "../../shared/students/students.schemas";
import { repertoireEntryParams, studentIdParams } from "../../shared/path-params.schemas";
import { requireParent, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./students.service";

/**
 * Path ids are checked before anything else: a malformed id names no resource, so it is a 404
 * (and never reaches SQL, where it would be a cast error).
 */
function validateIds<Schema extends z.ZodType>(schema: Schema) {
  return validateParams(schema, (bad) => (bad === "entryId" ? REPERTOIRE_NOT_FOUND_MESSAGE : STUDENT_NOT_FOUND_MESSAGE));
}

/** /api/students: a parent's own student profiles and their repertoire. */
export function createStudentsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser(deps), requireParent(deps))
    .get("/", async (c) => c.json(await service.listStudents(deps, c.get("parentId"))))
    .post("/", validate("json", studentCreateSchema), async (c) =>
      c.json(await service.addStudent(deps, c.get("parentId"), c.req.valid("json")), 201),
    )
    .get("/:studentId", validateIds(studentIdParams), async (c) =>
      c.json(await service.getStudent(deps, c.get("parentId"), c.req.valid("param").studentId)),
    )
    .patch("/:studentId", validateIds(studentIdParams), validate("json", studentUpdateSchema), async (c) =>
      c.json(await service.updateStudent(deps, c.get("parentId"), c.req.valid("param").studentId, c.req.valid("json"))),
    )
    .post("/:studentId/repertoire", validateIds(studentIdParams), validate("json", repertoireCreateSchema), async (c) =>
      c.json(
        await service.addRepertoireEntry(deps, c.get("parentId"), c.req.valid("param").studentId, c.req.valid("json")),
        201,
      ),
    )
    .delete("/:studentId/repertoire/:entryId", validateIds(repertoireEntryParams), async (c) => {
      const { studentId, entryId } = c.req.valid("param");
      await service.deleteRepertoireEntry(deps, c.get("parentId"), studentId, entryId);
      return c.json({ deleted: true });
    });
}
