// npm run backup -- <file>
//
// Writes a backup of the whole product (database rows, uploaded files, the generated auth secret)
// to <file> while the server runs; DATA_DIR and DATABASE_URL are read as the server reads them.
// The logic is in src/server/backup/; this file reads the arguments and prints.
import { runBackup } from "../src/server/backup/backup-command";
import { BackupError } from "../src/server/backup/backup-manifest";
import { ConfigError, loadEnv } from "../src/server/env";

const usage = "Usage: npm run backup -- <file, e.g. backups/lessons-2026-11-27.tar.gz>";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("--")) {
    console.error(usage);
    return 1;
  }
  const env = loadEnv();
  const started = Date.now();
  const { manifest, via, bytes } = await runBackup(env, args[0]!);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Backup written to ${args[0]} from ${via} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  console.log(`  ${manifest.tables.length} tables, ${rows} rows, migration ${manifest.migration.tag ?? manifest.migration.id}`);
  console.log(manifest.files ? `  ${manifest.files.length} uploaded files` : "  uploaded files: not included (they live in object storage)");
  console.log(`  ${bytes} bytes before compression; read back and checked against its manifest.`);
  console.log(`Check that it restores: npm run restore -- ${args[0]} --verify`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(`Backup failed: ${error.message}`);
    else console.error("Backup failed:", error);
    process.exit(1);
  },
);
