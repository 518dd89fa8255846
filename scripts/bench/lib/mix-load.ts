// The cluster bench's load generator (autocannon, in a child process of its own): every
// connection reads and saves its own assessment of one of the fixture's users in turn, and every
// 50th request of the run is a sign-in instead (MIX, LOGIN_EVERY below). It records every answer's latency and every failure with the moment its
// request was sent, and every acknowledged save (2xx) so the parent can look for it in the
// database afterwards. A connection whose save got no 2xx answer (a failure, or the run's end with
// it in flight) does not know the version now stored: it moves on to a fresh assessment of the
// same user, and the one it left is retired (never saved again by a later run).
import autocannon from 'autocannon';
import { serveChild } from './child';

export interface MixAssessment {
  id: string;
  version: number;
  /** Index into the job's users. */
  user: number;
}

export interface MixUser {
  email: string;
  password: string;
  /** A token to use before the connection's first sign-in is answered. */
  token: string;
}

export interface MixJob {
  /** The proxy's base URL. */
  url: string;
  connections: number;
  /** Seconds of the whole run, unless stopped sooner (nothing is left out: a failure at any moment counts). */
  duration: number;
  /** Leading seconds left out of req/s and latencies (failures still count). */
  warmup: number;
  users: MixUser[];
  /** Assessments with their current versions, at least one per connection; the rest are spares. */
  assessments: MixAssessment[];
}

export type Kind = 'login' | 'read' | 'save';

export interface MixFailure {
  /** 'connection': autocannon's own connection to nginx failed. */
  kind: Kind | 'connection';
  /** HTTP status, or 0 when no answer came (connection error, timeout). */
  status: number;
  /** Epoch ms when the request was sent, and when its failure was seen. */
  sentAt: number;
  at: number;
}

export interface MixResult {
  /** Answers per second over the measured seconds (after the warm-up), every kind together. */
  rps: number;
  p50: number;
  p99: number;
  /** Per kind: answers in the measured seconds and their p99. */
  kinds: Record<Kind, { count: number; p99: number }>;
  /** Every request of the run (warm-up included) that got no 2xx answer. */
  failures: MixFailure[];
  total: number;
  /** Saves answered 2xx: the assessment and the version the answer gave. */
  acknowledged: { id: string; version: number }[];
  /** Assessments with the version last acknowledged, free for a next run. */
  clean: MixAssessment[];
  /** Epoch ms of the run's start and end. */
  startedAt: number;
  endedAt: number;
}

/** One connection's round: reads and saves of its assessment, in turn. */
export const MIX: Kind[] = Array.from({ length: 12 }, () => ['read', 'save'] as Kind[]).flat();
/**
 * Every LOGIN_EVERY-th request of the run, whichever connection sends it, is a sign-in instead
 * (2 %: spread over the run, not 200 argon2 hashes at once when the connections open).
 */
export const LOGIN_EVERY = 50;

const now = () => performance.timeOrigin + performance.now();

const answers = (n: number) => ({
  propertyTypeSDR: 'Mixed-Use',
  purchaseDateSDR: '2026-03-01',
  purchasePriceSDR: 400_000 + (n % 100_000),
});

/**
 * One round of a connection (autocannon gives every connection a fresh context each time it starts
 * its list of requests again): the user and the assessment taken.
 */
interface Context {
  started?: true;
  user: number;
  assessment: MixAssessment;
  /** The request in flight (set when sent, cleared by its answer). */
  pending?: { kind: Kind; sentAt: number };
  /** The current assessment's last save was not acknowledged: take a fresh one before saving. */
  unknown?: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The run under way: a `{ stop: true }` message ends it before its duration. */
let current: { stop(): void } | null = null;
/** Answers of the run under way so far (a `{ progress: true }` message reads it). */
let progress = { total: 0 };

async function run(job: MixJob): Promise<MixResult> {
  const spares = new Map<number, MixAssessment[]>();
  for (const a of job.assessments) {
    const list = spares.get(a.user) ?? [];
    list.push(a);
    spares.set(a.user, list);
  }
  const retired = new Set<MixAssessment>();
  const take = (user: number): MixAssessment => {
    const a = spares.get(user)?.shift();
    if (!a) throw new Error(`no free assessment left for user ${user}: give the run more`);
    return a;
  };
  /** The round's assessment goes back to the pool, or is retired when its version is unknown. */
  const release = (c: Context) => {
    if (c.unknown || c.pending?.kind === 'save') retired.add(c.assessment);
    else spares.get(c.assessment.user)!.push(c.assessment);
  };
  const failures: MixFailure[] = [];
  const acknowledged: MixResult['acknowledged'] = [];
  const latencies: Record<Kind, number[]> = { login: [], read: [], save: [] };
  progress = { total: 0 };
  const startedAt = now();
  const measureFrom = startedAt + job.warmup * 1000;
  let measured = 0;
  let total = 0;
  let rounds = 0;
  let saveCounter = 0;
  let requestCounter = 0;
  /** Each user's latest access token (a sign-in of any connection renews it for all). */
  const tokens = job.users.map((u) => u.token);
  /** Rounds under way (a round ends with its last answer, or with the run). */
  const open = new Set<Context>();

  const context = (raw: Record<string, unknown>): Context => {
    const c = raw as unknown as Context;
    if (!c.started) {
      c.started = true;
      c.user = rounds++ % job.users.length;
      c.assessment = take(c.user);
      open.add(c);
    }
    return c;
  };
  const answered = (c: Context, status: number): { kind: Kind; latency: number } | null => {
    const p = c.pending;
    if (!p) return null;
    c.pending = undefined;
    const at = now();
    total += 1;
    progress.total = total;
    if (status < 200 || status >= 300) failures.push({ kind: p.kind, status, sentAt: p.sentAt, at });
    else if (p.sentAt >= measureFrom) {
      measured += 1;
      latencies[p.kind].push(at - p.sentAt);
    }
    return { kind: p.kind, latency: at - p.sentAt };
  };

  const request = (planned: Kind, index: number) => ({
    method: planned === 'read' ? 'GET' : 'POST',
    setupRequest: (req: Record<string, unknown>, raw: Record<string, unknown>) => {
      const c = context(raw);
      const kind: Kind = ++requestCounter % LOGIN_EVERY === 0 ? 'login' : planned;
      if (kind === 'save' && c.unknown) {
        retired.add(c.assessment);
        c.assessment = take(c.user);
        c.unknown = false;
      }
      c.pending = { kind, sentAt: now() };
      const auth = { authorization: `Bearer ${tokens[c.user]}` };
      if (kind === 'login') {
        const u = job.users[c.user]!;
        return {
          ...req,
          method: 'POST',
          path: '/auth/login/',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: u.email, password: u.password }),
        };
      }
      if (kind === 'read')
        return { ...req, method: 'GET', path: `/api/assessment/${c.assessment.id}/`, headers: auth };
      return {
        ...req,
        method: 'POST',
        path: '/api/assessment/save/',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          assessment_id: c.assessment.id,
          version: c.assessment.version,
          service_type: 'sdlt_refund',
          answers: answers(saveCounter++),
          current_step: 1,
        }),
      };
    },
    onResponse: (status: number, body: string, raw: Record<string, unknown>) => {
      const c = context(raw);
      const a = answered(c, status);
      if (!a) return;
      const ok = status >= 200 && status < 300;
      if (a.kind === 'login' && ok) tokens[c.user] = (JSON.parse(body) as { access: string }).access;
      if (a.kind === 'save') {
        if (ok) {
          const version = (JSON.parse(body) as { version: number }).version;
          c.assessment.version = version;
          acknowledged.push({ id: c.assessment.id, version });
        } else c.unknown = true;
      }
      if (index === MIX.length - 1) {
        open.delete(c);
        release(c);
      }
    },
  });

  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    timeout: 20,
    requests: MIX.map((kind, i) => request(kind, i)),
  } as unknown as autocannon.Options) as unknown as PromiseLike<unknown> & { stop(): void };
  // an error between autocannon and nginx (nginx itself failing): no answer at all
  (instance as unknown as NodeJS.EventEmitter).on('reqError', () =>
    failures.push({ kind: 'connection', status: 0, sentAt: now(), at: now() }),
  );
  current = instance;
  try {
    await instance;
  } finally {
    current = null;
  }
  const endedAt = now();
  // rounds cut by the run's end: a save in flight (not a failure) leaves its version unknown
  for (const c of open) release(c);
  const clean = [...spares.values()].flat();
  const all = (kind: Kind) => [...latencies[kind]].sort((x, y) => x - y);
  const every = [...latencies.login, ...latencies.read, ...latencies.save].sort((x, y) => x - y);
  const seconds = (endedAt - measureFrom) / 1000;
  return {
    rps: seconds > 0 ? measured / seconds : 0,
    p50: percentile(every, 50),
    p99: percentile(every, 99),
    kinds: {
      login: { count: latencies.login.length, p99: percentile(all('login'), 99) },
      read: { count: latencies.read.length, p99: percentile(all('read'), 99) },
      save: { count: latencies.save.length, p99: percentile(all('save'), 99) },
    },
    failures,
    total,
    acknowledged,
    clean,
    startedAt,
    endedAt,
  };
}

if (process.send)
  serveChild(
    () => Promise.resolve('mix load generator'),
    (m) => {
      if (m.progress) return Promise.resolve(progress);
      if (m.stop) {
        current?.stop();
        return Promise.resolve(null);
      }
      return run(m.job as MixJob);
    },
  );
