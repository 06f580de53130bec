import path from "node:path";

/**
 * Playwright runs E2E_WORKERS workers side by side, and each worker has a server of its own (its
 * own port and data directory, each with the demo seed), so a journey never sees another worker's
 * rows: counts of listed teachers, the outbox and the operator's password stay as a serial run
 * leaves them. Two by default: with two, 87 passed and none needed its retry (956 s); with three,
 * 865 s but two journeys passed only on their retry (CPU contention on 2 cores): README "Tests".
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** The first server's port; server i listens on E2E_BASE_PORT + i. One port range per run, so parallel runs never meet. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4173);

export interface E2EServer {
  port: number;
  baseURL: string;
  dataDir: string;
}

/** Server number `index` (0 … E2E_WORKERS - 1). */
export function e2eServer(index: number): E2EServer {
  const port = E2E_BASE_PORT + index;
  return { port, baseURL: `http://localhost:${port}`, dataDir: path.join(".e2e-data", String(port)) };
}

/**
 * The server of the worker this code runs in: Playwright numbers its live workers 0 … workers - 1
 * (TEST_PARALLEL_INDEX; a worker that replaces a failed one takes its number), so worker i talks to
 * server i. Read at call time: the variable is set when the worker starts.
 */
export function ownServer(): E2EServer {
  return e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_WORKERS);
}

/** The e2e servers' operator (OPERATOR_EMAILS, issue 27): its password is set through the emailed link. */
export const E2E_OPERATOR_EMAIL = "operator@e2e.test";
