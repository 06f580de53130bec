import { describe, expect, it } from "vitest";
import { createTeacher } from "../../../tests/factories/accounts";
import { addIntroVideo } from "../../../tests/factories/teacher-application";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { createStorage } from "../files/create-storage";
import { introVideoKey } from "./intro-video.service";

const t = testAppForFile();

describe("a removed intro video stops existing", () => {
  it("is deleted from storage when the teacher saves without it", async () => {
    const teacher = await createTeacher(t.deps);
    await addIntroVideo(t.deps, teacher.teacherId);
    const storage = createStorage(t.deps.env);
    expect(await storage.stat(introVideoKey(teacher.teacherId, "mp4"))).not.toBeNull();
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const res = await send(t, "PATCH", "/api/teachers/me", { cookie, body: { introVideoUrl: null } });
    expect(res.status).toBe(200);
    expect(await storage.stat(introVideoKey(teacher.teacherId, "mp4"))).toBeNull();
  });

  it("is deleted with the teacher's account", async () => {
    const teacher = await createTeacher(t.deps);
    await addIntroVideo(t.deps, teacher.teacherId);
    const cookie = await signIn(t, "teacher", teacher.email, teacher.password);
    expect((await send(t, "DELETE", "/api/accounts/me", { cookie, body: { password: teacher.password } })).status).toBe(200);
    expect(await createStorage(t.deps.env).stat(introVideoKey(teacher.teacherId, "mp4"))).toBeNull();
  });
});
