import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * The backup file (issue 30, item 3) is a gzip'd tar, readable with `tar -tzvf`:
 *   tables/<table>.ndjson   one JSON array per row, every value as PostgreSQL's text form (or null)
 *   files/<key>             the uploaded files (disk storage), by storage key
 *   auth-secret             the generated secret of DATA_DIR, when the server uses one
 *   manifest.json           LAST, once every checksum is known: what a restore must find
 * Rows as text, not a PGlite data directory: one backup restores on either database, and the
 * text forms round-trip timestamps (microseconds), numerics and jsonb exactly.
 */
export const BACKUP_FORMAT = "music-lessons-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const AUTH_SECRET_ENTRY = "auth-secret";
export const TABLES_PREFIX = "tables/";
export const FILES_PREFIX = "files/";
export const tableEntry = (table: string) => `${TABLES_PREFIX}${table}.ndjson`;
export const fileEntry = (key: string) => `${FILES_PREFIX}${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.enum(["pglite", "postgres"]),
  /** drizzle's id of the newest migration applied to the backed-up database (its folderMillis) and its tag. */
  migration: z.object({ id: z.number().int(), tag: z.string().optional() }),
  /** Parents first: the order a restore loads them in. */
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      rows: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  /** Identity and serial columns: the value their sequence must continue after (never hand out an id twice). */
  sequences: z.array(z.object({ table: z.string(), column: z.string(), value: z.string().regex(/^-?\d+$/) })),
  /** undefined: the files are not in this backup (they live in object storage). */
  files: z.array(z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256 })).optional(),
  authSecret: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {
  override name = "BackupError";
}

/** package.json's version, read once; the build leaves package.json at the root, two levels above either entry. */
export function appVersion(): string {
  for (const relative of ["../../../package.json", "../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "music-lessons-marketplace" && pkg.version) return pkg.version;
    } catch {
      // Not at this depth (src/server/backup/ vs dist/server/).
    }
  }
  return "unknown";
}
