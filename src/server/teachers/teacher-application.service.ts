import { sendConfirmationEmail } from "../auth/confirmation-email";
import { EMAIL_TAKEN_MESSAGE, type TeacherApplication, type TeacherApplicationResult } from "../../shared/teachers/application.schemas";
import { AppError } from "../../shared/errors";
import { emailInUse, upsertActiveRole } from "../accounts/accounts.repo";
import { hashPassword, insertCredentialUser } from "../auth/credentials";
import type { Deps } from "../http/app-env";
import { pgErrorCode } from "../http/errors";
import { locateTeacher } from "../search/search.service";
import * as repo from "./teacher-application.repo";
import { signUploadToken, UPLOAD_TOKEN_TTL_MS } from "./upload-token";

const emailTaken = () =>
  new AppError("conflict", EMAIL_TAKEN_MESSAGE, { fields: { "personal.email": EMAIL_TAKEN_MESSAGE }, reason: "email_taken" });

/**
 * Become a Teacher: the account, its teacher role, the profile, its instruments and its weekly
 * availability are created in one transaction (all or nothing). The teacher is not signed in; the
 * answer carries a short-lived token so the wizard can upload the intro video right away.
 */
export async function applyAsTeacher(
  deps: Pick<Deps, "db" | "auth" | "env" | "logger">,
  application: TeacherApplication,
  now = new Date(),
): Promise<TeacherApplicationResult> {
  const { personal, teaching, availability } = application;
  if (await emailInUse(deps.db, personal.email)) throw emailTaken();
  const passwordHash = await hashPassword(deps.auth, personal.password);
  let teacherId: string;
  try {
    teacherId = await deps.db.transaction(async (tx) => {
      const { id: userId } = await insertCredentialUser(tx, {
        email: personal.email,
        name: `${personal.firstName} ${personal.lastName}`,
        passwordHash,
      });
      await upsertActiveRole(tx, userId, "teacher");
      const id = await repo.insertTeacherProfile(tx, userId, application);
      // Coordinates of the city and state, for "N miles away" in search.
      await locateTeacher(tx, id);
      await repo.insertInstruments(tx, id, teaching.instruments);
      await repo.insertAvailability(tx, id, availability.days);
      return id;
    });
  } catch (error) {
    // Two applications with one address at the same instant: the unique index decides.
    if (pgErrorCode(error) === "23505") throw emailTaken();
    throw error;
  }
  await sendConfirmationEmail(deps, personal.email, "/teacher-landing");
  const expiresAt = new Date(now.getTime() + UPLOAD_TOKEN_TTL_MS);
  return {
    teacherId,
    uploadToken: signUploadToken(deps.env.AUTH_SECRET, teacherId, expiresAt),
    uploadTokenExpiresAt: expiresAt.toISOString(),
    mustConfirmEmail: deps.env.REQUIRE_EMAIL_VERIFICATION,
  };
}
