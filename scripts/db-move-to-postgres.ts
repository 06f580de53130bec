// npm run db:move-to-postgres -- <postgres url> [--dry-run]
//
// Copies the embedded database (DATA_DIR/pglite, DATA_DIR read as the server reads it) into an
// empty PostgreSQL database, then checks the row count of every table on both sides. The logic is
// in src/server/db/move-to-postgres.ts; this file reads the arguments and prints.
import { DataDirLockedError } from "../src/server/db/data-dir-lock";
import { formatCounts, MoveRefusedError, moveDataDirToPostgres } from "../src/server/db/move-to-postgres";
import { ConfigError, loadEnv } from "../src/server/env";

const usage = "Usage: npm run db:move-to-postgres -- <postgres://user@host:5432/database> [--dry-run]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  const urls = args.filter((a) => a !== "--dry-run");
  if (urls.length !== 1 || !/^postgres(ql)?:\/\/.+/.test(urls[0]!) || args.some((a) => a.startsWith("--") && a !== "--dry-run")) {
    console.error(usage);
    return 1;
  }
  const targetUrl = urls[0]!;
  const env = loadEnv();
  const where = new URL(targetUrl);
  console.log(`${dryRun ? "Dry run: " : ""}embedded database in ${env.dataDir} → PostgreSQL at ${where.hostname}:${where.port || "5432"}${where.pathname}`);
  const report = await moveDataDirToPostgres(env.dataDir, targetUrl, { dryRun, log: (line) => console.log(line) });
  console.log("");
  console.log(formatCounts(report));
  for (const note of report.notes) console.log(`\n${note}`);
  if (dryRun) {
    console.log("\nDry run: nothing was written.");
    return 0;
  }
  if (!report.ok) {
    console.error("\nThe row counts differ: the move FAILED. Keep using the embedded database; drop and recreate the target before trying again.");
    return 1;
  }
  console.log(`\nDone. Start the server with DATABASE_URL=${targetUrl.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")} (keep DATA_DIR: uploaded files and the auth secret stay there).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MoveRefusedError || error instanceof DataDirLockedError || error instanceof ConfigError) console.error(`Refused: ${error.message}`);
    else console.error("The move failed:", error);
    process.exit(1);
  },
);
