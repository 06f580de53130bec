import { keySegments, StorageKeyError } from "./storage";

/** Where STORAGE_URL points: a bucket and a key prefix ("" for the bucket's top level). */
export interface BucketLocation {
  bucket: string;
  prefix: string;
}

/** S3's bucket naming rules (lowercase, 3–63 characters, no leading or trailing dot or dash). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `s3://bucket` or `s3://bucket/some/prefix` (a trailing slash is allowed), or an Error saying what
 * is wrong. The prefix follows the same rules as a storage key, so prefix + key is always a plain
 * object name.
 */
export function parseStorageUrl(url: string): BucketLocation {
  const match = /^s3:\/\/([^/?#]*)(?:\/([^?#]*))?$/.exec(url);
  if (!match) throw new Error("must be s3://bucket or s3://bucket/prefix");
  const bucket = match[1]!;
  if (!BUCKET.test(bucket) || bucket.includes("..")) {
    throw new Error(`has an invalid bucket name ${JSON.stringify(bucket)} (3–63 lowercase letters, digits, dots and dashes)`);
  }
  const prefix = (match[2] ?? "").replace(/\/$/, "");
  if (prefix !== "") {
    try {
      keySegments(prefix);
    } catch (error) {
      if (error instanceof StorageKeyError) throw new Error(`has an invalid prefix ${JSON.stringify(prefix)} (letters, digits, . _ - and single slashes)`);
      throw error;
    }
  }
  return { bucket, prefix };
}
