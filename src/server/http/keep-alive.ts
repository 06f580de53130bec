import type { Server } from "node:http";

/**
 * Idle keep-alive connections (issue 39). Node closes one after 5 s by default; a load balancer
 * keeps its idle upstream connections open for 60 s (AWS ALB, nginx's keepalive_timeout is 75 s)
 * and reuses one after Node has closed it: the client gets a reset, seen as an intermittent 502.
 * The server keeps them open longer than the balancer (KEEP_ALIVE_SECONDS, 65 by default), so the
 * balancer is always the side that closes. Headers must be allowed to take longer still: Node
 * requires headersTimeout above keepAliveTimeout, or a request on a reused connection can be cut.
 */
export function keepConnectionsAlive(server: Pick<Server, "keepAliveTimeout" | "headersTimeout">, seconds: number): void {
  server.keepAliveTimeout = seconds * 1000;
  server.headersTimeout = (seconds + 5) * 1000;
}
