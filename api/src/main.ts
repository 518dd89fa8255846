import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { DrainState, drainServer } from './common/drain';
import { getConfig } from './config/config';

/** In-flight requests get this long after SIGTERM before their connections are closed. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const app = await createApp();
  const config = getConfig();
  await app.listen({ port: config.port, host: config.host });
  const logger = new Logger('Main');
  logger.log(
    `Reclaim listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${config.database.driver})`,
  );
  // SIGTERM: readiness 503, stop accepting, answer what is in flight, then close (common/drain.ts).
  process.once('SIGTERM', () => {
    logger.log('SIGTERM: draining');
    drainServer(app.getHttpServer(), app.get(DrainState), {
      delayMs: config.shutdownDelayMs,
      timeoutMs: config.shutdownDelayMs + SHUTDOWN_TIMEOUT_MS,
    })
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          process.stderr.write(`Reclaim shutdown: ${err instanceof Error ? err.message : String(err)}\n`);
          process.exit(1);
        },
      );
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`Reclaim failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
