import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { getConfig } from './config/config';

async function main(): Promise<void> {
  const app = await createApp();
  const config = getConfig();
  await app.listen({ port: config.port, host: config.host });
  new Logger('Main').log(
    `Reclaim listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (database: ${config.database.driver})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Reclaim failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
