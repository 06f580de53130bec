import { buildServerIfChanged } from "../../scripts/build-if-changed.mjs";

/**
 * The process tests start the compiled server (dist/server, as `npm start` runs it). Files run side
 * by side, and a build empties dist/server first, so one file building while another's server
 * starts would find no main.js: the run builds it once here, stamped as `npm start` stamps it (so
 * the npm start test finds it up to date), and tests/fixtures/server-process.ts builds only where
 * nobody did (a bench).
 */
export default async function setup() {
  await buildServerIfChanged();
  process.env.TEST_SERVER_BUILT = "1";
}
