import type { Logger } from "pino";
import type { Auth } from "../auth/auth";
import type { DatabaseHandle } from "../db/client";
import type { Env } from "../env";
import type { Mailer } from "../mail/mailer";

/** What every feature router is built with. */
export interface Deps {
  db: DatabaseHandle["db"];
  driver: DatabaseHandle["driver"];
  auth: Auth;
  env: Env;
  logger: Logger;
  mailer: Mailer;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** An operator of the trust-and-safety desk: who the audit trail names. */
export interface OperatorUser {
  userId: string;
  email: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The client's address (http/client-ip.ts), behind as many proxies as TRUSTED_PROXIES says. */
    clientIp: string;
    /** Set only by `requireUser` on routes that need a session. */
    user: SessionUser;
    sessionId: string;
    /** Set only by `optionalUser` on public routes: the signed-in user, or null. */
    viewer: SessionUser | null;
    /**
     * Set only by `lazyParentViewer` on public routes: the signed-in user's parent profile id, or
     * null; the session is read on the first call, not before.
     */
    parentViewer: () => Promise<string | null>;
    /** Set by `requireOperator` on /api/operator/* (issue 27). */
    operator: OperatorUser;
    /** Set by `requireParent` / `requireTeacher`. */
    parentId: string;
    teacherId: string;
  };
}
