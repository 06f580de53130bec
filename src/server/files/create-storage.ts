import path from "node:path";
import type { Env } from "../env";
import { s3ClientFromEnvironment, S3Storage } from "./s3-storage";
import { LocalDiskStorage, type Storage } from "./storage";
import { parseStorageUrl } from "./storage-url";

// One storage per configuration: an S3 client keeps a pool of connections, worth sharing between requests.
const byEnv = new WeakMap<object, Storage>();

/**
 * The app's storage: the bucket STORAGE_URL names (s3://bucket/prefix), or `${DATA_DIR}/uploads`
 * on local disk when it is unset.
 */
export function createStorage(env: Pick<Env, "dataDir" | "STORAGE_URL">): Storage {
  const known = byEnv.get(env);
  if (known) return known;
  const storage = env.STORAGE_URL
    ? new S3Storage(s3ClientFromEnvironment(), parseStorageUrl(env.STORAGE_URL))
    : new LocalDiskStorage(path.join(env.dataDir, "uploads"));
  byEnv.set(env, storage);
  return storage;
}
