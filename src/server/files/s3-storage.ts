import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { keySegments, type ByteRange, type Storage, type StoredFileInfo } from "./storage";
import type { BucketLocation } from "./storage-url";

/**
 * A client configured the way the AWS SDK configures itself (AWS_REGION, AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL, profiles…). With an endpoint of one's own (MinIO,
 * Garage, R2, s3rver…) the bucket goes in the path: those stores rarely have a DNS name per bucket.
 */
export function s3ClientFromEnvironment(environment: Record<string, string | undefined> = process.env): S3Client {
  const customEndpoint = Boolean(environment.AWS_ENDPOINT_URL || environment.AWS_ENDPOINT_URL_S3);
  return new S3Client({ forcePathStyle: customEndpoint });
}

/** Parts of 5 MB (S3's smallest), two in flight: at most about 10 MB of an upload held in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
  }
  return false;
}

export interface S3ObjectInfo extends StoredFileInfo {
  /** The object's user metadata (x-amz-meta-*), names in lowercase. */
  metadata: Record<string, string>;
}

/** Files as objects in one bucket, under a prefix. */
export class S3Storage implements Storage {
  constructor(
    readonly client: S3Client,
    readonly location: BucketLocation,
  ) {}

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
      client: this.client,
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
    try {
      const response = await this.client.send(
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
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
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
    // S3 answers a delete of a missing object with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
  }
}
