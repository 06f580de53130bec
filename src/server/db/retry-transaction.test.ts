import { describe, expect, it } from "vitest";
import type { Database } from "./client";
import { transactionWithRetry } from "./retry-transaction";

/** A database whose transactions fail with the given codes, in turn, then succeed. */
function failing(codes: (string | null)[]) {
  let calls = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      const code = codes[calls++];
      if (code) throw Object.assign(new Error(`pg ${code}`), { code });
      return work({});
    },
  } as unknown as Database;
  return { db, calls: () => calls };
}

describe("transactionWithRetry", () => {
  it.each([
    { codes: [null], result: "done", calls: 1 },
    { codes: ["40P01", null], result: "done", calls: 2 },
    { codes: ["40001", "40P01", null], result: "done", calls: 3 },
    { codes: ["40P01", "40P01", "40P01", null], result: "pg 40P01", calls: 3 },
    { codes: ["23P01", null], result: "pg 23P01", calls: 1 },
  ])("$codes → $result after $calls attempt(s)", async ({ codes, result, calls }) => {
    const fake = failing(codes);
    const outcome = await transactionWithRetry(fake.db, () => Promise.resolve("done")).catch((error: Error) => error.message);
    expect(outcome).toBe(result);
    expect(fake.calls()).toBe(calls);
  });

  it("passes other errors on untouched", async () => {
    const fake = failing([null]);
    const boom = new Error("boom");
    await expect(
      transactionWithRetry(fake.db, () => Promise.reject(boom)),
    ).rejects.toBe(boom);
  });
});
