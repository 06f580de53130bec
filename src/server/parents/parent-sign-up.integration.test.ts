import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent } from "../../../tests/factories/accounts";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { cookieHeader, send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { parentProfiles, studentProfiles, user, userRoles } from "../db/schema";

const t = testAppForFile();

const signUp = (body: unknown) => send(t, "POST", "/api/accounts/parents", { body: body as Record<string, unknown> });

describe("POST /api/accounts/parents (Parent Create Account)", () => {
  it("creates the account, role, parent profile and first student, and signs the parent in", async () => {
    const body = parentSignUpBody({
      parent: {
        email: "  New.Parent@Example.TEST ",
        relationshipToChild: "other",
        relationshipOther: "Aunt",
        enrollmentGoals: ["Prepare for recitals or competitions"],
        otherGoal: "Play at grandma's birthday",
        priorExperience: true,
        experienceYears: "1-3",
      },
      student: { firstName: " Noor ", age: 0 },
    });
    const res = await signUp(body);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ signedIn: true, redirectTo: "/find-teachers" });

    const me = await send(t, "GET", "/api/session", { cookie: cookieHeader(res.headers) });
    expect(me.json.user.email).toBe("new.parent@example.test");
    expect(me.json.role).toBe("parent");

    const [account] = await t.deps.db.select().from(user).where(eq(user.email, "new.parent@example.test"));
    const [profile] = await t.deps.db.select().from(parentProfiles).where(eq(parentProfiles.userId, account!.id));
    expect(profile).toMatchObject({
      relationshipToChild: "other",
      relationshipOther: "Aunt",
      enrollmentGoals: ["Prepare for recitals or competitions", "Play at grandma's birthday"],
      priorExperience: true,
      experienceYears: "1-3",
    });
    const students = await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.parentId, profile!.id));
    expect(students.map((s) => [s.firstName, s.age])).toEqual([["Noor", 0]]);
    const [role] = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, account!.id));
    expect(role?.activeRole).toBe("parent");
  });

  it("ignores experience years when there is no prior experience", async () => {
    const res = await signUp(parentSignUpBody({ parent: { priorExperience: false, experienceYears: "3+" } }));
    expect(res.status).toBe(201);
  });

  it("refuses an address that already has an account, and changes nothing", async () => {
    const existing = await createParent(t.deps);
    const before = await tableCounts(t);
    const res = await signUp(parentSignUpBody({ parent: { email: existing.email.toUpperCase() } }));
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("An account with this email already exists. Please sign in instead.");
    expect(await tableCounts(t)).toEqual(before);
  });

  it.each([
    [{ parent: { firstName: "  " } }, "parent.firstName", "First name is required"],
    [{ parent: { email: "nope" } }, "parent.email", "Please enter a valid email address"],
    [{ parent: { password: "short" } }, "parent.password", "Password must be at least 8 characters long"],
    [{ parent: { relationshipToChild: "other" } }, "parent.relationshipOther", "Please describe your relationship"],
    [{ parent: { priorExperience: true, experienceYears: null } }, "parent.experienceYears", "Choose how long"],
    [{ student: { firstName: "" } }, "student.firstName", "Student first name is required"],
    [{ student: { age: 100 } }, "student.age", "Age must be between 0 and 99"],
    [{ student: { age: 7.5 } }, "student.age", "Age must be a whole number"],
    [{ student: { interests: ["Polka"] } }, "student.interests.0", "Choose interests from the list"],
  ])("refuses %j with 400 %s: %s", async (overrides, field, message) => {
    const before = await tableCounts(t);
    const res = await signUp(parentSignUpBody(overrides as Parameters<typeof parentSignUpBody>[0]));
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect(await tableCounts(t)).toEqual(before);
  });

  it("is all or nothing: when the student cannot be stored, no account exists either", async () => {
    // A trigger that fails the student insert, to prove the earlier inserts roll back with it.
    await t.deps.db.execute(sql`
      create or replace function fail_student_insert() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Explode' then raise exception 'student insert failed'; end if;
        return new;
      end $$`);
    await t.deps.db.execute(sql`
      create trigger fail_student_insert before insert on student_profiles
      for each row execute function fail_student_insert()`);
    try {
      const body = parentSignUpBody({ student: { firstName: "Explode" } });
      const before = await tableCounts(t);
      const res = await signUp(body);
      expect(res.status).toBe(500);
      expect(await tableCounts(t)).toEqual(before);
      expect(await t.deps.db.select().from(user).where(eq(user.email, body.parent.email))).toEqual([]);
    } finally {
      await t.deps.db.execute(sql`drop trigger fail_student_insert on student_profiles`);
      await t.deps.db.execute(sql`drop function fail_student_insert()`);
    }
  });
});
