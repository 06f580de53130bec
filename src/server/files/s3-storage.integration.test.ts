import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTeacher } from "../../../tests/factories/accounts";
import { createClass, TINY_PDF } from "../../../tests/factories/classes";
import { introVideoBytes } from "../../../tests/factories/teacher-application";
import { send, signIn } from "../../../tests/fixtures/http";
import { startS3Server, type S3TestServer } from "../../../tests/fixtures/s3-server";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";

/**
 * The app with STORAGE_URL=s3://…, against a real S3-compatible server: the uploads the users make
 * live in the bucket (not in DATA_DIR), are served by range from there, and leave it when replaced
 * or deleted. The upload rules themselves (limits, content checks) are storage's callers' and are
 * tested with both stores through these routes.
 */
const MB = 1024 * 1024;
let s3: S3TestServer;
let t: TestApp;
const PREFIX = `app-${process.env.TEST_DB}`;

beforeAll(async () => {
  s3 = await startS3Server();
  const env = s3.env(PREFIX);
  // The AWS SDK reads its own variables from the process's environment, as in production.
  for (const name of ["AWS_ENDPOINT_URL", "AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]) vi.stubEnv(name, env[name]);
  t = await createTestApp({ STORAGE_URL: env.STORAGE_URL! });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
  vi.unstubAllEnvs();
});

const uploadsOnDisk = () => {
  const folder = path.join(t.deps.env.dataDir, "uploads");
  return existsSync(folder) ? readdirSync(folder, { recursive: true }) : [];
};
const videoObjects = (teacherId: string) => s3.listKeys(`${PREFIX}/teacher-videos/${teacherId}/`);

async function signedInTeacher() {
  const account = await createTeacher(t.deps);
  return { ...account, cookie: await signIn(t, "teacher", account.email, account.password) };
}

async function putVideo(cookie: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await t.app.request("/api/teachers/me/intro-video", {
    method: "PUT",
    headers: { cookie, "content-type": "video/mp4", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Record<string, any> };
}

/** An MP4 whose boxes are whole and whose media data is `megabytes` MB of filler, sent 1 MB at a time. */
function generatedVideo(megabytes: number): ReadableStream<Uint8Array> {
  const head = introVideoBytes().subarray(0, 32);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === megabytes) return controller.close();
      const chunk = new Uint8Array(MB);
      if (sent === 0) chunk.set(head);
      controller.enqueue(chunk);
      sent++;
    },
  });
}

describe("STORAGE_URL=s3://bucket/prefix", () => {
  it("an intro video is uploaded to the bucket, served whole and by range, replaced, and deleted with the profile's video", async () => {
    const teacher = await signedInTeacher();
    const video = introVideoBytes();
    const first = await putVideo(teacher.cookie, video);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const key = `${PREFIX}/teacher-videos/${teacher.teacherId}/intro-video.mp4`;
    expect(await videoObjects(teacher.teacherId)).toEqual([key]);
    expect((await s3.readObject(key))!.equals(video)).toBe(true);
    expect(uploadsOnDisk()).toEqual([]);

    const whole = await t.app.request(first.json.introVideoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(video.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await t.app.request(first.json.introVideoUrl, { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await t.app.request(first.json.introVideoUrl, { headers: { range: "bytes=-16" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 16))).toBe(true);
    expect((await t.app.request(first.json.introVideoUrl, { headers: { range: `bytes=${video.length}-` } })).status).toBe(416);

    // Replaced: the new bytes under the same key, the profile's link changes.
    const replacement = Buffer.concat([video, Buffer.alloc(0)]);
    replacement.writeUInt8(replacement.readUInt8(video.length - 1) ^ 0xff, video.length - 1);
    const second = await putVideo(teacher.cookie, replacement);
    expect(second.status).toBe(200);
    expect(second.json.introVideoUrl).not.toBe(first.json.introVideoUrl);
    expect(await videoObjects(teacher.teacherId)).toEqual([key]);
    expect((await s3.readObject(key))!.equals(replacement)).toBe(true);

    const removed = await send(t, "PATCH", "/api/teachers/me", { cookie: teacher.cookie, body: { introVideoUrl: null } });
    expect(removed.status).toBe(200);
    expect(await videoObjects(teacher.teacherId)).toEqual([]);
    expect((await t.app.request(second.json.introVideoUrl)).status).toBe(404);
  });

  it("the same limits and content checks: a video over 100 MB, or not a video, leaves the old object and nothing new", async () => {
    const teacher = await signedInTeacher();
    const video = introVideoBytes();
    expect((await putVideo(teacher.cookie, video)).status).toBe(200);
    const key = `${PREFIX}/teacher-videos/${teacher.teacherId}/intro-video.mp4`;

    const tooLarge = await putVideo(teacher.cookie, generatedVideo(101));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error.message).toBe("Video file size must be less than 100MB");
    const disguised = Buffer.concat([video.subarray(0, 32), Buffer.from("<html><script>alert(1)</script></html>")]);
    expect((await putVideo(teacher.cookie, disguised)).status).toBe(415);
    const webmHeadedHtml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from("<html></html>")]);
    expect((await putVideo(teacher.cookie, webmHeadedHtml, { "content-type": "video/webm" })).status).toBe(415);

    expect(await videoObjects(teacher.teacherId)).toEqual([key]);
    expect((await s3.readObject(key))!.equals(video)).toBe(true);
    // 100 MB through s3rver's disk: slow on a busy machine.
  }, 120_000);

  it("the intro video leaves the bucket with the teacher's account", async () => {
    const teacher = await signedInTeacher();
    expect((await putVideo(teacher.cookie, introVideoBytes())).status).toBe(200);
    expect(await videoObjects(teacher.teacherId)).toHaveLength(1);
    const deleted = await send(t, "DELETE", "/api/accounts/me", { cookie: teacher.cookie, body: { password: teacher.password } });
    expect(deleted.status).toBe(200);
    expect(await videoObjects(teacher.teacherId)).toEqual([]);
  });

  it("a class file is stored in the bucket, served from it, and removed from it when the teacher deletes it", async () => {
    const teacher = await signedInTeacher();
    const { classId } = await createClass(t.deps, { teacherId: teacher.teacherId });
    const uploaded = await t.app.request(`/api/classes/${classId}/files`, {
      method: "POST",
      headers: { cookie: teacher.cookie, "content-type": "application/octet-stream", "x-file-name": "scales.pdf" },
      body: TINY_PDF,
    });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { id: string; url: string };
    expect(await s3.listKeys(`${PREFIX}/class-files/${classId}/`)).toEqual([`${PREFIX}/class-files/${classId}/${file.id}.pdf`]);

    const served = await t.app.request(file.url, { headers: { cookie: teacher.cookie, range: "bytes=0-7" } });
    expect(served.status).toBe(206);
    expect(await served.text()).toBe(TINY_PDF.slice(0, 8));

    expect((await send(t, "DELETE", `/api/classes/${classId}/files/${file.id}`, { cookie: teacher.cookie })).status).toBe(200);
    expect(await s3.listKeys(`${PREFIX}/class-files/${classId}/`)).toEqual([]);
    expect(uploadsOnDisk()).toEqual([]);
  });
});
