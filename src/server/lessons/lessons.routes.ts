import { Hono } from "hono";
import { attendanceSchema, cancelLessonSchema, LESSON_NOT_FOUND_MESSAGE, rescheduleLessonSchema } from "../../shared/lessons/lessons.schemas";
import { bookingIdParams } from "../../shared/path-params.schemas";
import { requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import { parentCredits, teacherCredits } from "../booking";
import * as service from "./lessons.service";
import { changeSeriesFrom, previewSeriesChange } from "./series-change.service";
import { seriesChangeSchema } from "../../shared/lessons/series-change.rules";

/** Lessons after the booking: lists, cancel, reschedule, attendance and notes, make-up credits. */
export function createLessonsRoutes(deps: Deps) {
  const user = requireUser(deps);
  const parent = [user, requireParent(deps)] as const;
  const teacher = [user, requireTeacher(deps)] as const;
  const lessonParam = validateParams(bookingIdParams, LESSON_NOT_FOUND_MESSAGE);
  return new Hono<AppEnv>()
    .get("/mine", ...parent, async (c) => c.json({ lessons: await service.parentLessons(deps, c.get("parentId")) }))
    .get("/teaching", ...teacher, async (c) => c.json({ lessons: await service.teacherLessons(deps, c.get("teacherId")) }))
    .get("/credits", ...parent, async (c) => c.json({ ledgers: await parentCredits(deps, c.get("parentId")) }))
    // The teacher's side of the same ledgers: each credit a family holds with them, with its history.
    .get("/teaching/credits", ...teacher, async (c) => c.json({ ledgers: await teacherCredits(deps, c.get("teacherId")) }))
    // Either side of the lesson; the service decides which from the session.
    .post("/:bookingId/cancel", user, lessonParam, validate("json", cancelLessonSchema), async (c) =>
      c.json(await service.cancelLesson(deps, c.get("user").id, c.req.valid("param").bookingId, c.req.valid("json"))),
    )
    .post("/:bookingId/reschedule", user, lessonParam, validate("json", rescheduleLessonSchema), async (c) =>
      c.json({
        lesson: await service.rescheduleLesson(deps, c.get("user").id, c.req.valid("param").bookingId, new Date(c.req.valid("json").startsAt)),
      }),
    )
    // "This and all following lessons" (issue 44): what the change would do, then the change itself.
    .post("/:bookingId/change-series/preview", user, lessonParam, validate("json", seriesChangeSchema), async (c) =>
      c.json({ preview: await previewSeriesChange(deps, c.get("user").id, c.req.valid("param").bookingId, c.req.valid("json")) }),
    )
    .post("/:bookingId/change-series", user, lessonParam, validate("json", seriesChangeSchema), async (c) =>
      c.json({ lessons: (await changeSeriesFrom(deps, c.get("user").id, c.req.valid("param").bookingId, c.req.valid("json"))).lessons }),
    )
    .put("/:bookingId/attendance", ...teacher, lessonParam, validate("json", attendanceSchema), async (c) =>
      c.json({ lesson: await service.recordAttendance(deps, c.get("teacherId"), c.req.valid("param").bookingId, c.req.valid("json")) }),
    );
}
