import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import type { Env } from "../env";
// The types file, not the door: the door leads through the mailer and Deps back to this file.
import type { Mailer, MailMessage } from "../mail/mail.types";
import { passwordResetEmail, verificationEmail } from "./auth.emails";
import type { Logger } from "pino";
import { trustedOrigins } from "../http/trusted-origins";
import { twoFactor } from "better-auth/plugins";
import { limitOperatorSession } from "./operator-session";
import { refuseSuspendedSession, removeRacedSession } from "./suspended-sign-in";
import { forgetUsedLinks } from "./used-links";

/** Header that carries the socket's address to better-auth's rate limiter (set by the app, never by the client). */
export const CLIENT_IP_HEADER = "x-client-ip";

/** How passwords are hashed and checked: better-auth's own scrypt unless a caller passes another (tests, tests/fixtures/test-app.ts). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(db: Database, env: Env, mailer: Mailer, logger: Logger, options: { password?: PasswordHasher } = {}) {
  // better-auth's links and codes change nothing of ours in a transaction: each is stored on its
  // own and the sender is woken at once. A failure to store must not tell the caller whether the
  // address exists; it is logged instead.
  const send = async (message: MailMessage) => {
    try {
      await mailer.sendSoon(message);
    } catch (error) {
      logger.error({ err: error, kind: message.kind }, "sending mail failed");
    }
  };
  return betterAuth({
    appName: "Music Lessons",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Accounts are created by our sign-up endpoints, together with their profile in one transaction.
      disableSignUp: true,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => send(passwordResetEmail(user.email, user.name, url)),
      ...(options.password ? { password: options.password } : {}),
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: ({ user, url }) => send(verificationEmail(user.email, user.name, url)),
    },
    plugins: [twoFactor({ issuer: "Music Lessons" })],
    // Reset and set-password tokens are stored as hashes: a database dump or backup holds no live link.
    verification: { storeIdentifier: "hashed" },
    hooks: { after: forgetUsedLinks(db) },
    user: {
      additionalFields: {
        deleted: { type: "boolean", required: false, defaultValue: false, input: false },
        deletedAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account gets no session, however it signs in (and one created while a
          // suspension commits is removed after); an operator's lasts 12 hours (issue 27).
          before: async (session) => {
            await refuseSuspendedSession(db, env.SUPPORT_EMAIL)(session);
            return limitOperatorSession(db)(session);
          },
          after: removeRacedSession(db),
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      // Several processes on one PostgreSQL share one limit; the embedded database has one process.
      storage: env.DATABASE_URL ? "database" : "memory",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
    },
    telemetry: { enabled: false },
    logger: { disabled: env.LOG_LEVEL === "silent", level: "warn" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
