// npm run restore -- <file>            restores into the empty DATA_DIR, or the empty DATABASE_URL
// npm run restore -- <file> --verify   restores into a scratch database and compares with the manifest
//
// The logic is in src/server/backup/; this file reads the arguments and prints.
import { BackupError } from "../src/server/backup/backup-manifest";
import { formatVerifyReport, RestoreRefusedError, restoreBackup, verifyBackup } from "../src/server/backup/restore-backup";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";
import { ConfigError, loadEnv } from "../src/server/env";

const usage = "Usage: npm run restore -- <backup file> [--verify]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const verify = args.includes("--verify");
  const files = args.filter((a) => a !== "--verify");
  if (files.length !== 1 || args.some((a) => a.startsWith("--") && a !== "--verify")) {
    console.error(usage);
    return 1;
  }
  const file = files[0]!;
  const env = loadEnv();
  if (verify) {
    const report = await verifyBackup(file, { postgresUrl: env.DATABASE_URL });
    console.log(formatVerifyReport(report));
    return report.ok ? 0 : 1;
  }
  const target = env.DATABASE_URL
    ? ({ driver: "postgres", url: env.DATABASE_URL, dataDir: env.dataDir } as const)
    : ({ driver: "pglite", dataDir: env.dataDir } as const);
  const where = env.DATABASE_URL ? `PostgreSQL at ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname}` : `the embedded database in ${env.dataDir}`;
  console.log(`Restoring ${file} into ${where}`);
  const summary = await restoreBackup(file, target, (line) => console.log(line));
  console.log(`Restored ${summary.manifest.tables.length} tables (${summary.rows} rows) and ${summary.files} files, backed up ${summary.manifest.createdAt}.`);
  if (summary.manifest.authSecret) console.log(`The backup's auth secret is in ${env.dataDir}/auth-secret (used when AUTH_SECRET is not set).`);
  console.log("Start the server as usual on this DATA_DIR / DATABASE_URL.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof RestoreRefusedError || error instanceof DataDirLockedError) console.error(`Refused: ${error.message}`);
    else if (error instanceof BackupError || error instanceof ConfigError) console.error(`Restore failed: ${error.message}`);
    else console.error("Restore failed:", error);
    process.exit(1);
  },
);
