// NestJS HTTP adapters compared (issue 3: "measure and say which you chose and why"): the same
// minimal Nest module (a JSON GET route, and a JSON POST route whose body goes through the API's
// own ValidationPipe and a class-validator DTO) on @nestjs/platform-fastify and on
// @nestjs/platform-express, beside a bare Fastify server with the same two routes. Every server
// runs in its own child process, one at a time, so autocannon (this process) never shares an
// event loop with the server it measures. 50 connections, BENCH_DURATION seconds per route.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import 'reflect-metadata';
import autocannon from 'autocannon';
import { fmt, ratio, table } from './util';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
// Ports of the shared machine's range for this work (4500–4599).
const PORTS = { fastify: 4581, express: 4582, bare: 4583 } as const;
type Kind = keyof typeof PORTS;

const item = {
  id: '6f1c2a9e-8f0b-4c55-9a51-0d8e2f6b7c11',
  service_type: 'sdlt_refund',
  status: 'in_progress',
  version: 3,
  answers: { propertyTypeSDR: 'Mixed-Use', purchaseDateSDR: '2026-03-01', purchasePriceSDR: 450000 },
  updated_at: '2026-11-21T10:00:00.000Z',
};
const postBody = JSON.stringify({ service_type: 'sdlt_refund', current_step: 2, answers: item.answers });

// ----------------------------------------------------------------------------- servers (child)

async function serve(kind: Kind): Promise<void> {
  const port = PORTS[kind];
  if (kind === 'bare') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/bench/item', () => item);
    app.post('/bench/item', (req) => ({ ok: true, received: req.body }));
    await app.listen({ port, host: '127.0.0.1' });
    return;
  }
  const common = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  const validator = await import('class-validator');
  const { createValidationPipe } = await import('../../api/src/common/validation');

  // tsx (esbuild) does not emit decorator metadata, so the decorators are applied by hand,
  // with the design:paramtypes metadata tsc would emit; the classes are then what the API's are.
  class SaveItemDto {
    service_type!: string;
    current_step!: number;
    answers!: Record<string, unknown>;
  }
  const dto = SaveItemDto.prototype;
  Reflect.decorate([validator.IsString(), validator.MaxLength(100)], dto, 'service_type');
  Reflect.decorate([validator.IsInt(), validator.Min(0)], dto, 'current_step');
  Reflect.decorate([validator.IsObject()], dto, 'answers');

  class BenchController {
    getItem() {
      return item;
    }
    saveItem(body: SaveItemDto) {
      return { ok: true, received: body };
    }
  }
  const proto = BenchController.prototype;
  const method = (name: keyof BenchController) => Object.getOwnPropertyDescriptor(proto, name)!;
  Reflect.decorate([common.Get('item')], proto, 'getItem', method('getItem'));
  Reflect.defineMetadata('design:paramtypes', [SaveItemDto], proto, 'saveItem');
  Reflect.decorate([common.Post('item'), common.HttpCode(200)], proto, 'saveItem', method('saveItem'));
  common.Body()(proto, 'saveItem', 0);
  Reflect.decorate([common.Controller('bench')], BenchController);

  class BenchModule {}
  Reflect.decorate([common.Module({ controllers: [BenchController] })], BenchModule);

  let app: import('@nestjs/common').INestApplication;
  if (kind === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    app = await NestFactory.create(BenchModule, new FastifyAdapter({ logger: false }), { logger: false });
  } else {
    const { ExpressAdapter } = await import('@nestjs/platform-express');
    app = await NestFactory.create(BenchModule, new ExpressAdapter(), { logger: false });
  }
  app.useGlobalPipes(createValidationPipe());
  await app.listen(port, '127.0.0.1');
}

// ----------------------------------------------------------------------------- measuring (parent)

async function startChild(kind: Kind): Promise<ChildProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(JSON.stringify(m)))));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, post: boolean): Promise<Measured> {
  const options = {
    url,
    connections: CONNECTIONS,
    ...(post
      ? { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: postBody }
      : {}),
  };
  // One second unrecorded first, so every server is measured after the JIT has warmed up.
  await autocannon({ ...options, duration: 1 });
  const r = await autocannon({ ...options, duration: DURATION });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

async function checkRoutes(base: string): Promise<void> {
  // Same answers from every server before measuring; an invalid body must be refused by Nest.
  const get = await fetch(`${base}/bench/item`);
  if (get.status !== 200) throw new Error(`${base} GET → ${get.status}`);
  const post = await fetch(`${base}/bench/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: postBody,
  });
  if (post.status !== 200) throw new Error(`${base} POST → ${post.status}: ${await post.text()}`);
}

export async function runAdapterBench(): Promise<void> {
  const results: Partial<Record<Kind, { get: Measured; post: Measured }>> = {};
  for (const kind of ['fastify', 'express', 'bare'] as const) {
    const child = await startChild(kind);
    try {
      const base = `http://127.0.0.1:${PORTS[kind]}`;
      await checkRoutes(base);
      if (kind !== 'bare') {
        const bad = await fetch(`${base}/bench/item`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"current_step":-1,"extra":1}',
        });
        if (bad.status !== 400) throw new Error(`${kind}: an invalid body got ${bad.status}, not 400`);
      }
      results[kind] = {
        get: await measure(`${base}/bench/item`, false),
        post: await measure(`${base}/bench/item`, true),
      };
    } finally {
      await stopChild(child);
    }
  }
  const { fastify, express, bare } = results as Record<Kind, { get: Measured; post: Measured }>;
  const rows: (string | number)[][] = [
    ['route', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'vs Express', 'vs bare Fastify'],
  ];
  for (const route of ['get', 'post'] as const) {
    const label = route === 'get' ? 'GET /bench/item' : 'POST /bench/item (DTO)';
    for (const [name, m] of [
      ['Nest + Fastify', fastify[route]],
      ['Nest + Express', express[route]],
      ['bare Fastify', bare[route]],
    ] as const) {
      rows.push([
        label,
        name,
        fmt(m.rps),
        m.p50,
        m.p99,
        m.errors,
        m.non2xx,
        ratio(m.rps, express[route].rps),
        ratio(m.rps, bare[route].rps),
      ]);
    }
  }
  console.log(`${CONNECTIONS} connections, ${DURATION} s per route, each server alone in its own process`);
  table(rows);
}

if (process.argv[2] === '--serve') {
  const kind = process.argv[3] as Kind;
  serve(kind).then(
    () => process.send?.('ready'),
    (err: unknown) => {
      process.send?.(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
  process.on('SIGTERM', () => process.exit(0));
}
