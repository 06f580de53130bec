import { Hono } from "hono";
import {
  CLASS_NOT_FOUND_MESSAGE,
  ENTRY_NOT_FOUND_MESSAGE,
  HOMEWORK_NOT_FOUND_MESSAGE,
  classIdParams,
  classPracticeSettingsSchema,
  createEntrySchema,
  createHomeworkSchema,
  entryIdParams,
  homeworkIdParams,
  reviewHomeworkSchema,
  stopTimerSchema,
  studentIdParams,
  updateEntrySchema,
  updateHomeworkSchema,
  STUDENT_NOT_FOUND_MESSAGE,
} from "../../shared/practice/practice.schemas";
import { requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as figures from "./practice-figures.service";
import * as service from "./practice.service";

/**
 * /api/practice (issue 29): homework (teachers), the practice log and timer (parents), and the
 * figures both read. Who may act on which student, homework or entry is decided in the services.
 */
export function createPracticeRoutes(deps: Deps) {
  const teacher = requireTeacher(deps);
  const parent = requireParent(deps);
  const student = validateParams(studentIdParams, STUDENT_NOT_FOUND_MESSAGE);
  const hw = validateParams(homeworkIdParams, HOMEWORK_NOT_FOUND_MESSAGE);
  const entry = validateParams(entryIdParams, ENTRY_NOT_FOUND_MESSAGE);
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .post("/homework", teacher, validate("json", createHomeworkSchema), async (c) =>
      c.json(await service.createHomework(deps, c.get("teacherId"), c.req.valid("json")), 201),
    )
    .patch("/homework/:homeworkId", hw, teacher, validate("json", updateHomeworkSchema), async (c) =>
      c.json(await service.updateHomework(deps, c.get("teacherId"), c.req.valid("param").homeworkId, c.req.valid("json"))),
    )
    .post("/homework/:homeworkId/review", hw, teacher, validate("json", reviewHomeworkSchema), async (c) =>
      c.json(await service.reviewHomework(deps, c.get("teacherId"), c.req.valid("param").homeworkId, c.req.valid("json"))),
    )
    .get("/my-students", teacher, async (c) => c.json(await figures.teacherOverview(deps, c.get("teacherId"))))
    .get("/my-children", parent, async (c) => c.json(await figures.parentOverview(deps, c.get("parentId"))))
    .get("/students/:studentId", student, async (c) =>
      c.json(await figures.studentPractice(deps, await service.viewerOf(deps, c.get("user").id), c.req.valid("param").studentId)),
    )
    .post("/entries", parent, validate("json", createEntrySchema), async (c) =>
      c.json(await service.createEntry(deps, { parentId: c.get("parentId"), guardianId: c.get("guardianId") }, c.req.valid("json")), 201),
    )
    .patch("/entries/:entryId", entry, parent, validate("json", updateEntrySchema), async (c) =>
      c.json(await service.updateEntry(deps, c.get("parentId"), c.req.valid("param").entryId, c.req.valid("json"))),
    )
    .delete("/entries/:entryId", entry, parent, async (c) => {
      await service.deleteEntry(deps, c.get("parentId"), c.req.valid("param").entryId);
      return c.body(null, 204);
    })
    .get("/students/:studentId/timer", student, parent, async (c) => c.json(await service.readTimer(deps, c.get("parentId"), c.req.valid("param").studentId)))
    .post("/students/:studentId/timer", student, parent, async (c) =>
      c.json(await service.startTimer(deps, c.get("parentId"), c.req.valid("param").studentId), 201),
    )
    .post("/students/:studentId/timer/pause", student, parent, async (c) => c.json(await service.pauseTimer(deps, c.get("parentId"), c.req.valid("param").studentId)))
    .post("/students/:studentId/timer/resume", student, parent, async (c) =>
      c.json(await service.resumeTimer(deps, c.get("parentId"), c.req.valid("param").studentId)),
    )
    .post("/students/:studentId/timer/stop-and-log", student, parent, validate("json", stopTimerSchema), async (c) =>
      c.json(await service.stopAndLog(deps, { parentId: c.get("parentId"), guardianId: c.get("guardianId") }, c.req.valid("param").studentId, c.req.valid("json")), 201),
    )
    .delete("/students/:studentId/timer", student, parent, async (c) => {
      await service.discardTimer(deps, c.get("parentId"), c.req.valid("param").studentId);
      return c.body(null, 204);
    })
    .patch("/classes/:classId", validateParams(classIdParams, CLASS_NOT_FOUND_MESSAGE), teacher, validate("json", classPracticeSettingsSchema), async (c) =>
      c.json(await service.setClassPracticeXp(deps, c.get("teacherId"), c.req.valid("param").classId, c.req.valid("json"))),
    );
}
