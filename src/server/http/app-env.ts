/** The request's variables, set by the middleware of src/server/http and the guards of auth. It imports nothing: every feature may use it. */
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
    /** Set by `requireParent` / `requireTeacher`. `parentId` is the household (issue 45). */
    parentId: string;
    /** Set by `requireParent`: the signed-in guardian's own parent profile (their settings). */
    guardianId: string;
    teacherId: string;
  };
}
