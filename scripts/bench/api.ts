// API throughput under 50 connections (autocannon), each route beside a bare Fastify route measured
// in the same run: GET /api/health/, an authenticated GET /api/assessment/{id}/ and
// POST /api/assessment/save/ (each connection saves its own assessment with its current version,
// so optimistic locking is exercised without conflicts).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startServer } from '../../tests/e2e/harness';
import { fmt, ratio, table } from './util';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

async function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function runApiBench(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/health', () => ({ status: 'ok', database: 'ok' }));
  bare.post('/save', (req) => ({ ok: true, size: JSON.stringify(req.body).length }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const addr = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const email = `bench.${Date.now()}@example.com`;
    const reg = await json<{ access: string }>(
      await fetch(`${server.baseUrl}/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Bench-Passphrase-2026', display_name: 'Bench' }),
      }),
    );
    const auth = { authorization: `Bearer ${reg.access}`, 'content-type': 'application/json' };
    const answers = { propertyTypeSDR: 'Mixed-Use', purchaseDateSDR: '2026-03-01', purchasePriceSDR: 450000 };
    // Twice as many assessments as connections: a request whose answer never comes (timeout)
    // keeps its slot, and the others still find a free one.
    const created: { assessment_id: string; version: number }[] = [];
    for (let i = 0; i < CONNECTIONS * 2; i++) {
      created.push(
        await json(
          await fetch(`${server.baseUrl}/api/assessment/save/`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ service_type: 'sdlt_refund', answers, current_step: 0 }),
          }),
        ),
      );
    }
    const first = created[0]!;

    const rows: (string | number)[][] = [
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'bare Fastify req/s', 'ratio'],
    ];
    const bareHealth = await run({ url: `${bareUrl}/health` });
    const health = await run({ url: `${server.baseUrl}/api/health/` });
    rows.push([
      'GET /api/health/',
      fmt(health.requests.average),
      health.latency.p50,
      health.latency.p99,
      health.errors,
      health.non2xx,
      fmt(bareHealth.requests.average),
      ratio(health.requests.average, bareHealth.requests.average),
    ]);

    const get = await run({ url: `${server.baseUrl}/api/assessment/${first.assessment_id}/`, headers: auth });
    rows.push([
      `GET /api/assessment/{id}/`,
      fmt(get.requests.average),
      get.latency.p50,
      get.latency.p99,
      get.errors,
      get.non2xx,
      fmt(bareHealth.requests.average),
      ratio(get.requests.average, bareHealth.requests.average),
    ]);

    const bareSave = await run({
      url: `${bareUrl}/save`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers }),
    });
    // No two requests in flight save the same assessment: a request takes a free assessment
    // (slot) and its answer gives it back with the version it wrote, which the next save of that
    // assessment sends. (autocannon resets `context` before every request of a one-request
    // list, so a slot cannot be pinned to a connection through it.)
    const versions = created.map((a) => a.version);
    const free = created.map((_, i) => i);
    const save = await run({
      url: `${server.baseUrl}/api/assessment/save/`,
      requests: [
        {
          method: 'POST',
          headers: auth,
          setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
            const slot = free.shift() ?? 0;
            context.slot = slot;
            const a = created[slot]!;
            return {
              ...req,
              body: JSON.stringify({
                assessment_id: a.assessment_id,
                service_type: 'sdlt_refund',
                answers,
                current_step: 1,
                version: versions[slot],
              }),
            };
          },
          onResponse: (status: number, body: string, context: Record<string, unknown>) => {
            const slot = context.slot as number;
            // Other answers are counted as non-2xx; the slot keeps the version it had.
            if (status >= 200 && status < 300)
              versions[slot] = (JSON.parse(body) as { version: number }).version;
            free.push(slot);
          },
        },
      ],
    } as unknown as autocannon.Options);
    rows.push([
      'POST /api/assessment/save/',
      fmt(save.requests.average),
      save.latency.p50,
      save.latency.p99,
      save.errors,
      save.non2xx,
      fmt(bareSave.requests.average),
      ratio(save.requests.average, bareSave.requests.average),
    ]);
    console.log(`${CONNECTIONS} connections, ${DURATION} s each, SQLite (WAL)`);
    table(rows);
    console.log('target: save ≥ 1,000 req/s with p99 < 100 ms and 0 errors on 2 cores');
  } finally {
    await server.stop();
    await bare.close();
  }
}
