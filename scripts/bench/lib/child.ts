// Child processes of the bench: every server and the load generator run alone in their own
// process (never in the bench's event loop). A child module calls `serveChild(handler)`; the
// parent `startChild(file, args)` and talks to it with `ask(child, message)` over IPC.
import { fork, type ChildProcess } from 'node:child_process';

export interface Child {
  process: ChildProcess;
  /** What the child sent when ready (e.g. its URL). */
  ready: unknown;
}

export async function startChild(
  file: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<Child> {
  // a TypeScript child needs tsx's loader: the bench runs under tsx (inherited), a test may not
  const loader = file.endsWith('.ts') && !process.execArgv.some((a) => a.includes('tsx'));
  const child = fork(file, args, {
    ...(loader ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<unknown>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${file} ${args.join(' ')} exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (m: { ready?: unknown; error?: string }) => {
      child.off('exit', onExit);
      if (m && 'error' in m && m.error) reject(new Error(m.error));
      else resolve(m?.ready);
    });
  });
  return { process: child, ready };
}

let sequence = 0;

/** Sends one request to a child and waits for its answer. */
export function ask<T>(child: Child, message: Record<string, unknown>): Promise<T> {
  const id = ++sequence;
  return new Promise<T>((resolve, reject) => {
    const onMessage = (m: { id?: number; result?: T; error?: string }) => {
      if (m?.id !== id) return;
      child.process.off('message', onMessage);
      child.process.off('exit', onExit);
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.result as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code} while busy`));
    child.process.on('message', onMessage);
    child.process.once('exit', onExit);
    child.process.send({ ...message, id });
  });
}

export async function stopChild(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** In the child: announce readiness (or the start-up error) and answer the parent's requests. */
export function serveChild(
  start: () => Promise<unknown>,
  handle: (message: Record<string, unknown>) => Promise<unknown> = () => Promise.resolve(null),
): void {
  process.on('SIGTERM', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
  start().then(
    (ready) => {
      process.send?.({ ready });
      process.on('message', (m: Record<string, unknown> & { id: number }) => {
        handle(m).then(
          (result) => process.send?.({ id: m.id, result }),
          (err: unknown) =>
            process.send?.({
              id: m.id,
              error: err instanceof Error ? (err.stack ?? err.message) : String(err),
            }),
        );
      });
    },
    (err: unknown) => {
      process.send?.({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      process.exit(1);
    },
  );
}
