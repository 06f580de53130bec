import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "env-test-"));

describe("loadEnv", () => {
  it("has the documented defaults", () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.dataDir).toBe(path.resolve(dir));
  });

  it("generates a development AUTH_SECRET once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(loadEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ NODE_ENV: "production" }, "AUTH_SECRET"],
    [{ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), SEED_DEMO: "true" }, "SEED_DEMO"],
    [{ STORAGE_URL: "https://bucket.s3.amazonaws.com" }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://" }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://Upper_Case" }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://bucket/../up" }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://bucket//double" }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://bucket/prefix?x=1" }, "STORAGE_URL"],
  ])("%j stops the start naming %s", (input, variable) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...input })).toThrow(ConfigError);
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...input })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it("does not seed the demo accounts in production unless asked (and refuses to be asked)", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) });
    expect(env.SEED_DEMO).toBe(false);
  });

  it("reads SEED_DEMO=false and a custom port", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), SEED_DEMO: "false", PORT: "4123" });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PORT).toBe(4123);
    expect(env.PUBLIC_URL).toBe("http://localhost:4123");
  });

  it("reads STORAGE_URL (a bucket, with or without a prefix) and leaves it unset for the data directory", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).STORAGE_URL).toBeUndefined();
    expect(loadEnv({ DATA_DIR: dataDir(), STORAGE_URL: "s3://my-lessons" }).STORAGE_URL).toBe("s3://my-lessons");
    expect(loadEnv({ DATA_DIR: dataDir(), STORAGE_URL: "s3://my.lessons/prod/uploads/" }).STORAGE_URL).toBe("s3://my.lessons/prod/uploads/");
  });

  it("says what is wrong with a STORAGE_URL", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), STORAGE_URL: "s3://Bad_Bucket/x" })).toThrow(/STORAGE_URL has an invalid bucket name "Bad_Bucket"/);
    expect(() => loadEnv({ DATA_DIR: dataDir(), STORAGE_URL: "file:///srv" })).toThrow(/STORAGE_URL must be s3:\/\/bucket or s3:\/\/bucket\/prefix/);
  });
});
