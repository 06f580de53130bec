import type { S3Client } from "@aws-sdk/client-s3";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { keySegments, type ByteRange, type Storage, type StoredFileInfo } from "./storage";
import type { BucketLocation } from "./storage-url";

// Loaded on first use: the SDK costs about 22 MB of memory, which a server on disk storage never needs.
const loadSdk = () => import("@aws-sdk/client-s3");
const loadUpload = async () => (await import("@aws-sdk/lib-storage")).Upload;

/**
 * A client configured the way the AWS SDK configures itself (AWS_REGION, AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL, profiles…). With an endpoint of one's own (MinIO,
 * Garage, R2, s3rver…) the bucket goes in the path: those stores rarely have a DNS name per bucket.
 */
export async function s3ClientFromEnvironment(environment: Record<string, string | undefined> = process.env): Promise<S3Client> {
  const customEndpoint = Boolean(environment.AWS_ENDPOINT_URL || environment.AWS_ENDPOINT_URL_S3);
  const { S3Client } = await loadSdk();
  return new S3Client({ forcePathStyle: customEndpoint });
}

/** Parts of 5 MB (S3's smallest), two in flight: at most about 10 MB of an upload held in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return $metadata !== undefined && ($metadata.httpStatusCode === 404 || name === "NotFound" || name === "NoSuchKey");
}

export interface S3ObjectInfo extends StoredFileInfo {
  /** The object's user metadata (x-amz-meta-*), names in lowercase. */
  metadata: Record<string, string>;
}

/** Files as objects in one bucket, under a prefix. */
export class S3Storage implements Storage {
  private readonly client: Promise<S3Client>;

  /** `client` may still be coming (s3ClientFromEnvironment loads the SDK); a failure shows at the first call. */
  constructor(
    client: S3Client | Promise<S3Client>,
    readonly location: BucketLocation,
  ) {
    this.client = Promise.resolve(client);
    this.client.catch(() => undefined);
  }

  /** The object name of a key: the prefix, then the key (validated as on disk, so both stores accept the same keys). */
  objectKey(key: string): string {
    const plain = keySegments(key).join("/");
    return this.location.prefix ? `${this.location.prefix}/${plain}` : plain;
  }

  /**
   * A streamed (multipart when over 5 MB) upload. S3 makes an object visible only when its upload
   * completes, so a failed stream leaves the previous object as it was; the upload's parts are
   * aborted (lib-storage does so on any error) so nothing new is kept either.
   */
  async put(
    key: string,
    body: Readable | WebReadableStream<Uint8Array> | ReadableStream<Uint8Array>,
    options: { metadata?: Record<string, string> } = {},
  ): Promise<{ size: number }> {
    const objectKey = this.objectKey(key);
    const [client, Upload] = await Promise.all([this.client, loadUpload()]);
    const source = body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    // pipeline() carries a failure of the source into the counter, which the upload reads.
    const piping = pipeline(source, counter);
    const upload = new Upload({
      client,
      params: { Bucket: this.location.bucket, Key: objectKey, Body: counter, Metadata: options.metadata },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    const uploading = upload.done();
    try {
      await Promise.all([uploading, piping]);
    } catch (error) {
      source.destroy();
      counter.destroy();
      // Returns only once the upload settled (its parts aborted), so nothing of it outlives the failure.
      await Promise.allSettled([uploading, piping]);
      // The first failure says why (too large, not a video, client gone, the store refused).
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<{ stream: Readable; info: StoredFileInfo } | null> {
    const objectKey = this.objectKey(key);
    const [client, { GetObjectCommand }] = await Promise.all([this.client, loadSdk()]);
    try {
      const response = await client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // With a range the object's whole size is the part after the slash of Content-Range.
      const total = response.ContentRange ? Number(response.ContentRange.split("/")[1]) : response.ContentLength;
      if (total === undefined || !Number.isFinite(total)) throw new Error(`No size for object ${objectKey}`);
      return {
        stream: response.Body as Readable,
        info: { size: total, modifiedAt: response.LastModified ?? new Date(0) },
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const info = await this.head(key);
    return info && { size: info.size, modifiedAt: info.modifiedAt };
  }

  /** Size, time and user metadata of the object, or null when there is none. */
  async head(key: string): Promise<S3ObjectInfo | null> {
    const objectKey = this.objectKey(key);
    const [client, { HeadObjectCommand }] = await Promise.all([this.client, loadSdk()]);
    try {
      const response = await client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: objectKey }));
      return {
        size: response.ContentLength ?? 0,
        modifiedAt: response.LastModified ?? new Date(0),
        metadata: response.Metadata ?? {},
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client, loadSdk()]);
    // S3 answers a delete of a missing object with success too.
    await client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: objectKey }));
  }
}
