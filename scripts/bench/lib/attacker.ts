// The attack bench's attacker, a child process of its own (never the load generator's or a
// server's): keeps hostile JSON bodies in flight, each of `concurrency` loops sending its body again
// as soon as the previous answer (or error) arrives, until told to stop.
// Bodies (issue 10): a 60,000-key object in an extra field of a login body (~0.8 MB) and a
// 20,000-deep `[[[[…]]]]` array.
// Messages: { cmd: 'start', attacks: Attack[] } starts the loops; { cmd: 'stop' } stops them, waits
// for the requests in flight and answers AttackStats[] (one per attack).
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { serveChild } from './child';

export type Body = 'keys60k' | 'deep20k';

export interface Attack {
  body: Body;
  url: string;
  concurrency: number;
}

export interface AttackStats {
  body: Body;
  url: string;
  concurrency: number;
  requests: number;
  /** status code (or error code such as ECONNRESET) → count */
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

export function manyKeysBody(keys: number): string {
  const parts: string[] = [];
  for (let i = 0; i < keys; i++) parts.push(`"k${i}":${i}`);
  return `{"username":"a@example.test","password":"whatever-pass","extra":{${parts.join(',')}}}`;
}

export function deepBody(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

const BODIES: Record<Body, Buffer> = {
  keys60k: Buffer.from(manyKeysBody(60_000)),
  deep20k: Buffer.from(deepBody(20_000)),
};

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function send(url: string, body: Buffer): Promise<{ status: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let done = false;
    const finish = (status: string) => {
      if (done) return;
      done = true;
      resolve({ status, ms: performance.now() - started });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => finish(String(res.statusCode)));
        res.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? 'error'));
      },
    );
    req.setTimeout(60_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? 'error'));
    req.end(body);
  });
}

interface Running {
  attack: Attack;
  latencies: number[];
  statuses: Record<string, number>;
}

let running = false;
let loops: Promise<void>[] = [];
let current: Running[] = [];

function start(attacks: Attack[]): void {
  if (running) throw new Error('already attacking');
  running = true;
  current = attacks.map((attack) => ({ attack, latencies: [], statuses: {} }));
  loops = current.flatMap((r) =>
    Array.from({ length: r.attack.concurrency }, async () => {
      while (running) {
        const { status, ms } = await send(r.attack.url, BODIES[r.attack.body]);
        r.latencies.push(ms);
        r.statuses[status] = (r.statuses[status] ?? 0) + 1;
      }
    }),
  );
}

async function stop(): Promise<AttackStats[]> {
  running = false;
  await Promise.all(loops);
  loops = [];
  return current.map(({ attack, latencies, statuses }) => {
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return {
      ...attack,
      requests: sorted.length,
      statuses,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted[sorted.length - 1] ?? NaN,
    };
  });
}

if (process.send)
  serveChild(
    () => Promise.resolve('attacker'),
    async (m) => {
      if (m.cmd === 'start') {
        start(m.attacks as Attack[]);
        return null;
      }
      if (m.cmd === 'stop') return stop();
      throw new Error(`unknown command ${String(m.cmd)}`);
    },
  );
