import path from "node:path";

/** One port and one data directory per Playwright run, so parallel runs never wipe each other's data. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DATA_DIR = path.join(".e2e-data", String(E2E_PORT));

/** The e2e server's operator (OPERATOR_EMAILS, issue 27): its password is set through the emailed link. */
export const E2E_OPERATOR_EMAIL = "operator@e2e.test";
