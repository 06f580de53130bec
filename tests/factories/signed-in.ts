import { signIn } from "../fixtures/http";
import type { TestApp } from "../fixtures/test-app";
import { createParent } from "./accounts";
import { newYorkTeacher } from "./lessons";

/** A parent with one student ("Kid1"), signed in: `cookie` sends requests as them. */
export async function signedInFamily(t: Pick<TestApp, "app" | "deps">, firstName?: string) {
  const parent = await createParent(t.deps, firstName ? { firstName } : {});
  return { ...parent, cookie: await signIn(t, "parent", parent.email, parent.password) };
}

/** A discoverable New York teacher open every day 09:00-17:00 (newYorkTeacher), signed in. */
export async function signedInNewYorkTeacher(t: Pick<TestApp, "app" | "deps">, noticeHours = 24) {
  const teacher = await newYorkTeacher(t.deps, noticeHours);
  return { ...teacher, cookie: await signIn(t, "teacher", teacher.email, teacher.password) };
}

export type SignedInFamily = Awaited<ReturnType<typeof signedInFamily>>;
export type SignedInTeacher = Awaited<ReturnType<typeof signedInNewYorkTeacher>>;

