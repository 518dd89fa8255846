import { createServer, request, Agent, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DrainState, drainServer } from './drain';

function get(
  port: number,
  path: string,
  agent: Agent,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res: IncomingMessage) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('drainServer (SIGTERM)', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('refuses new connections, answers the request in flight and those on open connections (with Connection: close), resolves when none is left', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        arrived();
        void held.then(() => res.end('slow'));
      } else res.end('quick');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // two pooled connections (as a proxy keeps): a request in flight on one, the other idle
    const opened = await Promise.all([get(port, '/quick', agent), get(port, '/quick', agent)]);
    expect(opened.map((r) => r.connection)).toEqual(['keep-alive', 'keep-alive']);
    const slow = get(port, '/slow', agent);
    await inFlight;

    const state = new DrainState();
    let drained = false;
    const drain = drainServer(server, state, { delayMs: 0, timeoutMs: 30_000 }).then(() => (drained = true));
    expect(state.draining).toBe(true);
    expect(await refused(port)).toBe(true);
    // the idle connection was not cut: a request on it is answered, and closes it
    const onIdle = await get(port, '/quick', agent);
    expect(onIdle).toEqual({ status: 200, connection: 'close', body: 'quick' });
    expect(drained).toBe(false);
    // the request in flight is answered (its connection's keep-alive was decided when it came in)
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'slow' });
    expect(drained).toBe(false);
    // that connection is retired when next used
    expect(await get(port, '/quick', agent)).toEqual({ status: 200, connection: 'close', body: 'quick' });
    await drain;
    expect(drained).toBe(true);
    agent.destroy();
  });

  it('leaves idle connections to the client (no race with a request sent on one) and ends when the client closes them', async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // two pooled connections, both idle
    const opened = await Promise.all([get(port, '/', agent), get(port, '/', agent)]);
    expect(opened.map((r) => r.connection)).toEqual(['keep-alive', 'keep-alive']);
    let drained = false;
    const drain = drainServer(server, new DrainState(), { delayMs: 0, timeoutMs: 30_000 }).then(
      () => (drained = true),
    );
    expect(await refused(port)).toBe(true);
    // a second after the listener closed (twice the quiet time after which the drain once closed
    // idle connections), they are still open: a request sent on one is answered, and retires it
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(drained).toBe(false);
    expect(await get(port, '/', agent)).toEqual({ status: 200, connection: 'close', body: 'ok' });
    expect(drained).toBe(false);
    // the client (as nginx after its upstream keepalive_timeout) closes the other: the drain ends
    agent.destroy();
    await drain;
    expect(drained).toBe(true);
  });

  it('closes idle connections at the timeout when the client keeps them', async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, '/', agent)).connection).toBe('keep-alive');
    const started = Date.now();
    await drainServer(server, new DrainState(), { delayMs: 0, timeoutMs: 800 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    agent.destroy();
  });
});
