import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../../config/config';
import {
  backupDatabase,
  databaseChecksums,
  liveDatabase,
  restoreDatabase,
  type DatabaseTarget,
} from '../backup';

// npm run backup -w @reclaim/api                      → DATA_DIR/backups/<timestamp>.sqlite (or .dump)
// npm run restore -w @reclaim/api -- <file> <target>  → a new SQLite file, or an empty postgres:// database;
//   then prints row counts and checksums of the backup's source (live) and of the restored copy.
async function main(): Promise<void> {
  const config = loadConfig();
  const [command = 'backup', file, targetArg] = process.argv.slice(2);
  if (command === 'backup') {
    process.stdout.write(`${await backupDatabase(config)}\n`);
    return;
  }
  if (command !== 'restore' || !file || !targetArg)
    throw new Error('usage: backup | restore <file> <new .sqlite path | postgres:// url>');
  const target: DatabaseTarget = /^postgres(ql)?:\/\//.test(targetArg)
    ? { driver: 'postgresql', url: targetArg }
    : { driver: 'sqlite', path: isAbsolute(targetArg) ? targetArg : resolve(process.cwd(), targetArg) };
  await restoreDatabase(file, target);
  const restored = await databaseChecksums(target);
  const live = await databaseChecksums(liveDatabase(config));
  for (const [table, summary] of Object.entries(restored)) {
    const now = live[table];
    const note =
      now && now.sha256 === summary.sha256 ? 'same as live' : 'differs from live (changed since the backup?)';
    process.stdout.write(`${table}\t${summary.rows} rows\t${summary.sha256.slice(0, 16)}\t${note}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
