import { inArray } from "drizzle-orm";
import { teacherProfiles } from "../../../src/server/db/schema";
import { operatorsOnly, teachersOnly, type RouteCase } from "../route-case";

/**
 * Issue 27, teacher review before listing: the operators' queue and decisions (operators only:
 * everyone else gets the 404 of an unknown path), and the teacher's resubmission after changes.
 */
const reason = () => ({ reason: "Profile and video checked." });

const decision = (path: "approve" | "ask-for-changes" | "reject"): RouteCase => ({
  route: `POST /api/operator/applications/:teacherId/${path}`,
  ok: 200,
  allowed: operatorsOnly,
  request: (world) => ({ path: `/api/operator/applications/${world.applicant.teacherId}/${path}`, body: reason() }),
  badInput: { as: "operator", validBody: reason },
});

export const operatorApplicationsCases: RouteCase[] = [
  { route: "GET /api/operator/applications", ok: 200, allowed: operatorsOnly, request: () => ({ path: "/api/operator/applications" }) },
  {
    route: "GET /api/operator/applications/:teacherId",
    ok: 200,
    allowed: operatorsOnly,
    request: (world) => ({ path: `/api/operator/applications/${world.applicant.teacherId}` }),
  },
  decision("approve"),
  decision("ask-for-changes"),
  decision("reject"),
  {
    // Each teacher resubmits their own application, so both teachers' are first sent back for changes.
    route: "POST /api/teachers/me/application/resubmit",
    ok: 200,
    allowed: teachersOnly,
    bodyless: true,
    prepare: async (t, world) => {
      await t.deps.db
        .update(teacherProfiles)
        .set({ reviewStatus: "changes_requested", reviewMessage: "Add a photo.", isDiscoverable: false, discoveryEnabledAt: null })
        .where(inArray(teacherProfiles.id, [world.teacher.teacherId, world.otherTeacher.teacherId]));
    },
    request: () => ({ path: "/api/teachers/me/application/resubmit" }),
  },
];
