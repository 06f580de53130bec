import { EMAIL_TAKEN_MESSAGE, type TeacherApplication, type TeacherApplicationResult } from "../../shared/teachers/application.schemas";
import { AppError } from "../../shared/errors";
import { createAccount, signInNewAccount } from "../auth";
import type { Deps } from "../deps";
import { applicationReceivedEmail } from "./teacher-application.emails";
import * as repo from "./teacher-application.repo";
import { locateTeacher } from "./teacher-profile.service";
import { signUploadToken, UPLOAD_TOKEN_TTL_MS } from "./upload-token";

const emailTaken = () =>
  new AppError("conflict", EMAIL_TAKEN_MESSAGE, { fields: { "personal.email": EMAIL_TAKEN_MESSAGE }, reason: "email_taken" });

/**
 * Become a Teacher: the account, its teacher role, the profile, its instruments and its weekly
 * availability are created in one transaction (all or nothing, auth's createAccount, like the
 * parent sign-up), with the "application received" email. Then the teacher is signed in, as a
 * parent is after signing up, unless the address must be confirmed first (issue 41): the wizard
 * ends on the dashboard that says the application is under review. The answer also carries a
 * short-lived token so the wizard can upload the intro video right away, signed in or not.
 */
export async function applyAsTeacher(
  deps: Pick<Deps, "db" | "auth" | "env" | "logger" | "mailer">,
  application: TeacherApplication,
  client: { ip: string; userAgent: string | undefined },
  now = new Date(),
): Promise<{ result: TeacherApplicationResult; setCookies: string[] }> {
  const { personal, teaching, availability } = application;
  const teacherId = await createAccount(
    deps,
    {
      email: personal.email,
      name: `${personal.firstName} ${personal.lastName}`,
      password: personal.password,
      role: "teacher",
      confirmationCallbackURL: "/teacher-landing",
    },
    emailTaken,
    async (tx, userId) => {
      const id = await repo.insertTeacherProfile(tx, userId, application);
      // Coordinates of the city and state, for "N miles away" in search.
      await locateTeacher(tx, id);
      await repo.insertInstruments(tx, id, teaching.instruments);
      await repo.insertAvailability(tx, id, availability.days);
      // "Application received" is stored with the application: it exists exactly when the application does.
      await deps.mailer.enqueue(
        tx,
        applicationReceivedEmail({ to: personal.email, firstName: personal.firstName, publicUrl: deps.env.PUBLIC_URL, supportEmail: deps.env.SUPPORT_EMAIL }),
      );
      return id;
    },
  );
  deps.mailer.kick();
  const { signedIn, setCookies } = await signInNewAccount(deps, {
    role: "teacher",
    email: personal.email,
    password: personal.password,
    clientIp: client.ip,
    userAgent: client.userAgent,
  });
  const expiresAt = new Date(now.getTime() + UPLOAD_TOKEN_TTL_MS);
  return {
    result: {
      teacherId,
      uploadToken: signUploadToken(deps.env.AUTH_SECRET, teacherId, expiresAt),
      uploadTokenExpiresAt: expiresAt.toISOString(),
      mustConfirmEmail: deps.env.REQUIRE_EMAIL_VERIFICATION,
      signedIn,
      redirectTo: signedIn ? "/teacher-landing" : "/",
    },
    setCookies,
  };
}
