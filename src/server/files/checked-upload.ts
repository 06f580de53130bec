import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { containerCheck, type ContainerKind } from "./container-structure";

export interface CheckedUploadRules<T> {
  maxBytes: number;
  /** How many first bytes `sniff` needs to decide the type. */
  sniffBytes: number;
  /** The type from the first bytes (their content, never the name or the declared type), or null. */
  sniff: (head: Uint8Array) => T | null | Promise<T | null>;
  /** The container whose structure is checked while the rest streams past, if the type has one. */
  structureOf: (type: T) => ContainerKind | undefined;
  tooLarge: () => Error;
  unsupported: () => Error;
}

/**
 * The checks every upload of ours makes before anything is kept: the declared length first, then
 * the type from the first bytes, then, as the rest streams to storage, every byte counted against
 * the limit (a client that lies is cut off) and the container's structure followed to its end. The
 * returned stream fails on the first broken rule, so storage (which keeps nothing of a failed
 * stream) stores nothing; the request body is never held in memory whole.
 */
export async function checkedUpload<T>(
  upload: { body: ReadableStream<Uint8Array> | null; contentLength: string | undefined },
  rules: CheckedUploadRules<T>,
): Promise<{ type: T; stream: Readable }> {
  if (upload.contentLength !== undefined && Number(upload.contentLength) > rules.maxBytes) {
    await upload.body?.cancel().catch(() => undefined);
    throw rules.tooLarge();
  }
  if (!upload.body) throw rules.unsupported();

  const reader = (upload.body as WebReadableStream<Uint8Array>).getReader();
  const first: Uint8Array[] = [];
  let firstBytes = 0;
  let ended = false;
  try {
    while (firstBytes < rules.sniffBytes) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      first.push(value);
      firstBytes += value.length;
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  const refuse = async (error: Error) => {
    await reader.cancel().catch(() => undefined);
    return error;
  };
  if (firstBytes > rules.maxBytes) throw await refuse(rules.tooLarge());
  const type = await rules.sniff(Buffer.concat(first).subarray(0, rules.sniffBytes));
  if (type === null) throw await refuse(rules.unsupported());

  const kind = rules.structureOf(type);
  const structure = kind ? containerCheck(kind) : undefined;
  async function* counted() {
    let total = 0;
    const take = (chunk: Uint8Array) => {
      total += chunk.length;
      if (total > rules.maxBytes) throw rules.tooLarge();
      structure?.push(chunk);
      return chunk;
    };
    try {
      for (const chunk of first) yield take(chunk);
      while (!ended) {
        const { done, value } = await reader.read();
        if (done) break;
        yield take(value);
      }
      // Thrown before the stream ends, so storage keeps nothing of a file that only began right.
      if (structure && structure.finish() !== null) throw rules.unsupported();
    } finally {
      // Stops reading the request when a rule was broken or the write failed.
      await reader.cancel().catch(() => undefined);
    }
  }
  return { type, stream: Readable.from(counted(), { objectMode: false }) };
}
