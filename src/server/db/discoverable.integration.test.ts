import { and, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "./client";
import { teacherProfiles } from "./schema";
import { createTeacher } from "../../../tests/factories/accounts";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { discoverableTeacher, discoverableTeacherAs } from "./discoverable";

const t = testAppForFile();

describe("the discovery rule (spec section 4): only discoverable teachers may be listed", () => {
  it("keeps a discoverable teacher and excludes a hidden one, in both the drizzle and the raw SQL form", async () => {
    const [visible, hidden] = await Promise.all([
      createTeacher(t.deps, { discoverable: true }),
      createTeacher(t.deps, { discoverable: false }),
    ]);
    const ids = [visible.teacherId, hidden.teacherId];

    const listed = await t.deps.db
      .select({ id: teacherProfiles.id })
      .from(teacherProfiles)
      .where(and(discoverableTeacher(), inArray(teacherProfiles.id, ids)));
    expect(listed.map((r) => r.id)).toEqual([visible.teacherId]);

    const raw = await queryRows<{ id: string }>(
      t.deps.db,
      sql`select tp.id from teacher_profiles tp where ${discoverableTeacherAs("tp")} and tp.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    expect(raw.map((r) => r.id)).toEqual([visible.teacherId]);
  });

  it("follows the teacher's own switch", async () => {
    const teacher = await createTeacher(t.deps, { discoverable: true });
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const listed = async () =>
      (
        await t.deps.db
          .select({ id: teacherProfiles.id })
          .from(teacherProfiles)
          .where(and(discoverableTeacher(), inArray(teacherProfiles.id, [teacher.teacherId])))
      ).length;
    expect(await listed()).toBe(1);
    await send(t, "PUT", "/api/teachers/me/discovery", { cookie, body: { enabled: false } });
    expect(await listed()).toBe(0);
    await send(t, "PUT", "/api/teachers/me/discovery", { cookie, body: { enabled: true } });
    expect(await listed()).toBe(1);
  });
});
