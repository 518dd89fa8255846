// Server CPU time read from outside: a server started with probeEnv() preloads ./cpu-probe.cjs,
// which writes its pid to the probe directory and, on each SIGWINCH, its process.cpuUsage().
// Used by the API bench (CPU per request beside req/s) and scripts/bench/route-cpu.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CPU_PROBE = fileURLToPath(new URL('./cpu-probe.cjs', import.meta.url));

/** A server process whose CPU time can be sampled. */
export interface ProbedProcess {
  pid: number;
  probeDir: string;
  /** Named in errors. */
  name: string;
}

/** The environment that makes a Node process load the probe (and, with `profile`, profile). */
export function probeEnv(dir: string, profile = false): Record<string, string> {
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${CPU_PROBE}`.trim(),
    CPU_PROBE_DIR: dir,
    CPU_PROBE_PROFILE: profile ? '1' : '',
  };
}

export async function waitFor<T>(fn: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The pid the probe wrote in `dir` (the one process started with that directory). */
export function probedPid(dir: string, name: string): Promise<number> {
  return waitFor(() => {
    const files = readdirSync(dir).filter((f) => f.startsWith('pid.'));
    if (files.length > 1) throw new Error(`${name}: more than one process loaded the CPU probe`);
    return files[0] ? Number(files[0].slice(4)) : undefined;
  }, `the CPU probe of ${name}`);
}

/** Signals the probe and returns the cpuUsage it wrote (µs of user + system). */
export async function cpuNow(s: ProbedProcess): Promise<number> {
  const before = readdirSync(s.probeDir).filter((f) => f.startsWith(`cpu.${s.pid}.`)).length;
  process.kill(s.pid, 'SIGWINCH');
  const file = join(s.probeDir, `cpu.${s.pid}.${before}`);
  const text = await waitFor(
    () => (existsSync(file) ? readFileSync(file, 'utf8') || undefined : undefined),
    `cpu sample of ${s.name}`,
  );
  const u = JSON.parse(text) as { user: number; system: number };
  return u.user + u.system;
}
