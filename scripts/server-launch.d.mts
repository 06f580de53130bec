/** Types of server-launch.mjs (plain JavaScript, so that start.mjs runs without a build). */
export function serverLaunch(env: Record<string, string | undefined>): { flags: string[]; env: Record<string, string | undefined> };
