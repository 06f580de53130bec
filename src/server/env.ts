import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseStorageUrl } from "./files/storage-url";

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? fallback : ["true", "1", "yes"].includes(v)));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// connection URL")
      .optional(),
    PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://lessons.example.com" }).optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Defaults to true, except with NODE_ENV=production: the demo password is published in the README. */
    SEED_DEMO: z
      .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
      .optional()
      .transform((v) => (v === undefined ? undefined : ["true", "1", "yes"].includes(v))),
    /** decisions.md section 5: off by default (embedded), on in production configurations. */
    REQUIRE_EMAIL_VERIFICATION: booleanFlag(false),
    AUTH_RATE_LIMIT: booleanFlag(true),
    /**
     * How many proxies (load balancers) stand in front of the server, each adding the address it
     * saw to X-Forwarded-For. 0: the client is the connection's own address (nothing in front).
     */
    TRUSTED_PROXIES: z.coerce
      .number({ message: "must be a number of proxies" })
      .int("must be a whole number")
      .min(0, "must be 0 (none) or more")
      .max(10, "must be at most 10")
      .default(0),
    /** smtp://user:pass@host:587 or smtps://…; unset → mail goes to the outbox in DATA_DIR. */
    SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL").optional(),
    MAIL_FROM: z.string().min(3, "must be a sender such as Music Lessons <no-reply@example.com>").default("Music Lessons <no-reply@music-lessons.local>"),
    /** How often each process looks for due jobs (reminders, emails, expiry); 0 turns the runner off. */
    JOBS_INTERVAL_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(0, "must be 0 (off) or more")
      .max(3600, "must be at most 3600")
      .default(15),
    /**
     * How long an idle keep-alive connection stays open: longer than the load balancer's idle
     * timeout in front (60 s is the common default), so the balancer always closes first.
     */
    KEEP_ALIVE_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(3600, "must be at most 3600")
      .default(65),
    /** Days an email keeps its body and attachments after it was sent; then only its metadata stays. */
    MAIL_RETENTION_DAYS: z.coerce
      .number({ message: "must be a number of days" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(3650, "must be at most 3650")
      .default(90),
    /** Bearer token that GET /metrics asks for; unset → /metrics answers 404. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * The operators of the trust-and-safety desk (issue 27), comma-separated addresses: at every
     * start each listed address without an account gets an operator account; an address taken off
     * the list loses operator rights and its sessions.
     */
    OPERATOR_EMAILS: z
      .string()
      .transform((value) => [...new Set(value.split(",").map((email) => email.trim().toLowerCase()).filter(Boolean))])
      .pipe(z.array(z.email({ message: "must be a comma-separated list of email addresses" })))
      .default([]),
    /** Where a suspended account is told to write (issue 27). */
    SUPPORT_EMAIL: z.email({ message: "must be an email address" }).default("support@music-lessons.local"),
    /** s3://bucket/prefix → uploads in that bucket (AWS_* variables as the AWS SDK reads them); unset → DATA_DIR/uploads. */
    STORAGE_URL: z
      .string()
      .superRefine((url, ctx) => {
        try {
          parseStorageUrl(url);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      })
      .optional(),
    /**
     * Teachers' calendar addresses (issue 46) on private, loopback or link-local networks are
     * refused (a typed address must not reach the server's own network); tests and a closed
     * on-premises setup turn it on.
     */
    CALENDAR_FETCH_ALLOW_PRIVATE: booleanFlag(false),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (env.NODE_ENV === "production" && env.SEED_DEMO === true) {
      ctx.addIssue({
        code: "custom",
        path: ["SEED_DEMO"],
        message: "cannot be true when NODE_ENV=production: the demo accounts' password is published",
      });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, "AUTH_SECRET" | "PUBLIC_URL" | "SEED_DEMO"> & {
  SEED_DEMO: boolean;
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  /** Absolute DATA_DIR. */
  dataDir: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; a bad value throws a ConfigError naming every offending variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
    dataDir,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? developmentSecret(dataDir),
  };
}

/** Outside production a missing secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: create it below.
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
