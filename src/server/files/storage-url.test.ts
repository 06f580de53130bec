import { describe, expect, it } from "vitest";
import { parseStorageUrl } from "./storage-url";

describe("parseStorageUrl", () => {
  it.each([
    ["s3://lessons", { bucket: "lessons", prefix: "" }],
    ["s3://lessons/", { bucket: "lessons", prefix: "" }],
    ["s3://lessons/prod/uploads", { bucket: "lessons", prefix: "prod/uploads" }],
    ["s3://my.lessons-2/uploads/", { bucket: "my.lessons-2", prefix: "uploads" }],
  ])("reads %j", (url, location) => {
    expect(parseStorageUrl(url)).toEqual(location);
  });

  it.each([
    ["another scheme", "https://lessons.s3.amazonaws.com/x", /must be s3:\/\/bucket/],
    ["no bucket", "s3:///x", /invalid bucket name ""/],
    ["a short bucket", "s3://ab", /invalid bucket name "ab"/],
    ["capitals", "s3://Lessons", /invalid bucket name/],
    ["two dots", "s3://a..b", /invalid bucket name/],
    ["a dash at the end", "s3://lessons-", /invalid bucket name/],
    ["credentials", "s3://key:secret@lessons", /invalid bucket name/],
    ["a query", "s3://lessons/x?region=eu", /must be s3:\/\/bucket/],
    ["a parent folder", "s3://lessons/../x", /invalid prefix/],
    ["an empty segment", "s3://lessons/a//b", /invalid prefix/],
    ["a space", "s3://lessons/my uploads", /invalid prefix/],
  ])("refuses %s", (_label, url, message) => {
    expect(() => parseStorageUrl(url)).toThrow(message);
  });
});
