import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import { BackupError } from "./backup-manifest";
import { writeBackup, type BackupPlaces, type BackupSource } from "./create-backup";

/**
 * How `npm run backup` reaches a running embedded server (issue 30, item 3). PGlite is one process's
 * database, so the server that holds it must take the backup. It listens on loopback only, on a
 * port of the OS's choosing, and answers one request, POST /backup, to a bearer token it writes
 * with the port into DATA_DIR/backup-endpoint.json, readable by the machine's user alone (0600).
 * It is a separate listener from the app's: no public route leads to it.
 */
export const ENDPOINT_FILE = "backup-endpoint.json";

interface EndpointInfo {
  pid: number;
  port: number;
  token: string;
}

export interface BackupEndpoint {
  close(): Promise<void>;
}

export async function startBackupEndpoint(source: BackupSource, places: BackupPlaces, logger: Logger): Promise<BackupEndpoint> {
  const token = randomBytes(32).toString("base64url");
  const expected = Buffer.from(`Bearer ${token}`);
  let running = false;
  const server = createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    const authorized = given.length === expected.length && timingSafeEqual(given, expected);
    if (req.method !== "POST" || req.url !== "/backup" || !authorized) {
      res.writeHead(404).end();
      return;
    }
    // One at a time: two would each hold a snapshot (on PGlite, the one connection) for no gain.
    if (running) {
      res.writeHead(409, { "content-type": "text/plain" }).end("A backup is already running.");
      return;
    }
    running = true;
    res.writeHead(200, { "content-type": "application/gzip" });
    writeBackup(source, places, res).then(
      (manifest) => logger.info({ tables: manifest.tables.length, files: manifest.files?.length ?? 0 }, "backup written"),
      (error: unknown) => {
        logger.error({ err: error }, "backup failed");
        // Cut the response: the client sees an incomplete download, never a short but valid-looking file.
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    ).finally(() => (running = false));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const file = path.join(places.dataDir, ENDPOINT_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ pid: process.pid, port, token } satisfies EndpointInfo), { mode: 0o600 });
  renameSync(temp, file);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(file, { force: true });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks the server running on `dataDir` for a backup and writes it to `out`. */
export async function requestServerBackup(dataDir: string, out: Writable): Promise<void> {
  let info: EndpointInfo;
  try {
    info = JSON.parse(readFileSync(path.join(dataDir, ENDPOINT_FILE), "utf8")) as EndpointInfo;
  } catch {
    throw new BackupError(`A server holds ${dataDir} but offers no backup endpoint (${ENDPOINT_FILE}): is it a version without backups, or still starting? Try again once it is up.`);
  }
  await new Promise<void>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: info.port, method: "POST", path: "/backup", headers: { authorization: `Bearer ${info.token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new BackupError(`The running server refused the backup (HTTP ${res.statusCode}).`));
        return;
      }
      pipeline(res, out).then(resolve, (error: unknown) => reject(new BackupError(`The backup from the running server was cut short: ${(error as Error).message}`)));
    });
    req.on("error", (error) => reject(new BackupError(`Could not reach the running server's backup endpoint: ${error.message}`)));
    req.end();
  });
}
