import type { Logger } from "pino";
// The two files themselves, not their features' doors: auth's and mail's own files take `Deps`
// too, and a door would lead back to them (an import circle of types).
import type { Auth } from "./auth/auth";
import type { DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import type { Mailer } from "./mail/mail.types";

/** What every feature router and service is built with: made once in main.ts (tests make their own). */
export interface Deps {
  db: DatabaseHandle["db"];
  driver: DatabaseHandle["driver"];
  auth: Auth;
  env: Env;
  logger: Logger;
  mailer: Mailer;
}
