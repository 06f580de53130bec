import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { Agent, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepConnectionsAlive } from "./keep-alive";

let server: ServerType;
let port: number;
beforeAll(async () => {
  const app = new Hono().get("/ping", (c) => c.json({ ok: true }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  keepConnectionsAlive(server as Server, 65);
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One GET on the agent; says whether it went over a connection an earlier request had opened. */
function get(agent: Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/ping", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("idle keep-alive connections (issue 39: behind a load balancer)", () => {
  it("sets the keep-alive and headers timeouts, headers above keep-alive", () => {
    expect((server as Server).keepAliveTimeout).toBe(65_000);
    expect((server as Server).headersTimeout).toBe(70_000);
  });

  it("keeps a connection idle for 10 s open: the next request reuses it, with no reset", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent)).toEqual({ status: 200, reused: false });
      // Longer than Node's default of 5 s, after which the server would have closed it.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      expect(await get(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
