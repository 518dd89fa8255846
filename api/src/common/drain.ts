import { Server } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Graceful drain on SIGTERM (docs/deployment.md, "Stopping and rolling restarts"). While the
 * instance drains, readiness (`GET /api/health/`) answers 503 and every answer carries
 * `Connection: close`, so a proxy's pooled connections to it are retired one by one after the
 * request they carry, never cut under a request.
 */
@Injectable()
export class DrainState {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  start(): void {
    this.drainingSince ??= Date.now();
  }
}

export interface DrainOptions {
  /** Readiness answers 503 this long, with everything still served, before the listener closes. */
  delayMs: number;
  /**
   * After this long from the start, connections still open are closed (idle ones first). Longer than
   * the proxy's keep-alive timeout for its idle pooled connections, so the proxy closes them first.
   */
  timeoutMs: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drains the server: readiness goes 503 (a load balancer that polls it stops sending), then, after
 * `delayMs`, the listening socket closes (new connections are refused: nginx passes the request,
 * any method, to the next server) while the requests in flight, and any that still come on open
 * connections, are answered (with `Connection: close`). Idle keep-alive connections are left to the
 * client until `timeoutMs`: the server closing one can meet a proxy sending a request on it, and
 * nginx does not resend a POST it has sent (a 502). nginx closes its idle pooled connections itself
 * after its upstream `keepalive_timeout` (4 s in docs/deployment.md, shorter than the timeout), so
 * the drain ends once nginx has let go of them. Resolves when no connection is left, or at
 * `timeoutMs` after closing the idle ones and, a second later, the rest. The caller then closes the
 * app (jobs, database pools).
 */
export async function drainServer(server: Server, state: DrainState, options: DrainOptions): Promise<void> {
  const started = Date.now();
  state.start();
  // Every answer from now on closes its connection after it (Node then sends Connection: close).
  // A listener of the server's, before Fastify's, added only now: no per-request cost before.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  // the connections still open (accepted, not yet closed), as net.Server counts them
  const open = () =>
    new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
  if (options.delayMs > 0) await wait(options.delayMs);
  // Only the listening socket: http.Server.close() would also close idle keep-alive connections at
  // once, racing a proxy that is about to send a request on one of them. (net.Server's callback
  // would wait for every connection; the loop below watches them instead.)
  Server.prototype.close.call(server);
  const http = server as Server & { closeIdleConnections?: () => void; closeAllConnections?: () => void };
  while ((await open()) > 0) {
    const now = Date.now();
    if (now - started >= options.timeoutMs + 1000) {
      http.closeAllConnections?.();
      break;
    }
    // idle ones only at the timeout (the requests in flight go on)
    if (now - started >= options.timeoutMs) http.closeIdleConnections?.();
    await wait(25);
  }
}
