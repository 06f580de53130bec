import { describe, expect, it } from "vitest";
import { addressBehindProxies } from "./client-ip";

describe("addressBehindProxies", () => {
  it.each([
    // [connection, X-Forwarded-For, trusted proxies, client]
    ["10.0.0.5", undefined, 0, "10.0.0.5"],
    ["10.0.0.5", "203.0.113.7", 0, "10.0.0.5"], // nothing trusted: a client's header is ignored
    ["10.0.0.5", "203.0.113.7", 1, "203.0.113.7"], // one balancer: what it saw
    ["10.0.0.5", "198.51.100.1, 203.0.113.7", 1, "203.0.113.7"], // the client's own entry is ignored
    ["10.0.0.5", "203.0.113.7, 10.0.0.9", 2, "203.0.113.7"], // a CDN, then the balancer
    ["10.0.0.5", "198.51.100.1,203.0.113.7 , 10.0.0.9", 2, "203.0.113.7"],
    ["10.0.0.5", undefined, 1, "10.0.0.5"], // came round the balancer: the connection is all there is
    ["10.0.0.5", "203.0.113.7", 3, "203.0.113.7"], // a shorter chain than configured: its leftmost address
    ["10.0.0.5", " , ", 1, "10.0.0.5"],
  ] as const)("connection %s, X-Forwarded-For %j, %i trusted → %s", (connection, forwardedFor, trusted, client) => {
    expect(addressBehindProxies(connection, forwardedFor, trusted)).toBe(client);
  });
});
