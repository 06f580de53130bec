// How the compiled server is started, for `npm start` (start.mjs) and the tests and benches that
// start it as production does (tests/fixtures/server-process.ts): the node flags of its database
// mode and the environment, from server-node-flags.json (which says why each is there).
import { readFileSync } from "node:fs";

const launch = JSON.parse(readFileSync(new URL("./server-node-flags.json", import.meta.url), "utf8"));

/**
 * The node flags for a server started with `env` (PostgreSQL when DATABASE_URL is set, else
 * embedded) and the environment to start it with (the launch's variables, then `env`'s, which win).
 * @param {Record<string, string | undefined>} env
 * @returns {{ flags: string[]; env: Record<string, string | undefined> }}
 */
export function serverLaunch(env) {
  return { flags: env.DATABASE_URL ? launch.flags : launch.embeddedFlags, env: { ...launch.env, ...env } };
}
