// npm run storage:copy
//
// Copies every uploaded file from DATA_DIR/uploads to the bucket STORAGE_URL names (s3://bucket/prefix,
// with the AWS_* variables the AWS SDK reads), verified by size and SHA-256, and prints a summary.
// Run it again after an interruption or a failure: what is already there and verified is skipped.
// The source files are never deleted. The logic is in src/server/files/storage-copy.ts.
import path from "node:path";
import { s3ClientFromEnvironment, S3Storage } from "../src/server/files/s3-storage";
import { copyDiskToBucket, copySucceeded, formatCopyReport } from "../src/server/files/storage-copy";
import { parseStorageUrl } from "../src/server/files/storage-url";
import { ConfigError, loadEnv } from "../src/server/env";

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    console.error("Usage: STORAGE_URL=s3://bucket/prefix npm run storage:copy (no arguments)");
    return 1;
  }
  const env = loadEnv();
  if (!env.STORAGE_URL) {
    console.error("Refused: STORAGE_URL is not set. Set it to the bucket to copy to, such as s3://my-bucket/uploads.");
    return 1;
  }
  const source = path.join(env.dataDir, "uploads");
  const client = await s3ClientFromEnvironment();
  const target = new S3Storage(client, parseStorageUrl(env.STORAGE_URL));
  console.log(`Copying ${source} → ${env.STORAGE_URL}`);

  // Ctrl-C stops after the file being copied; the next run continues from there.
  const stop = new AbortController();
  process.once("SIGINT", () => {
    console.log("Stopping after the current file…");
    stop.abort();
  });
  const report = await copyDiskToBucket(source, target, {
    signal: stop.signal,
    onFile: (file) => console.log(`${file.outcome.padEnd(7)} ${file.key}${file.reason ? ` (${file.reason})` : ""}`),
  });
  client.destroy();
  console.log("");
  console.log(formatCopyReport(report));
  if (!copySucceeded(report)) {
    console.error("\nNot everything was copied: run it again to retry (copied files are skipped). Keep STORAGE_URL unset until it succeeds.");
    return 1;
  }
  console.log(`\nDone: every file is in the bucket. Start the server with STORAGE_URL=${env.STORAGE_URL}; the files in ${source} were kept.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(`Refused: ${error.message}`);
    else console.error("The copy failed:", error);
    process.exit(1);
  },
);
