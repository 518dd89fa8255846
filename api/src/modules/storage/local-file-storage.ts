import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { access, chmod, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, FileStorage, StoredFileNotFoundError } from './file-storage';

const isMissing = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ENOENT';

/** One machine: files under DATA_DIR/uploads/ (outside any web root), mode 600 in a 700 directory. */
export class LocalFileStorage extends FileStorage {
  readonly kind = 'local';

  constructor(private readonly dir: string) {
    super();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.dir, key);
  }

  async check(): Promise<void> {
    await access(this.dir);
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.pathOf(key);
    // Written beside, renamed when complete: a reader never sees half a file.
    const partial = `${path}.partial`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      // Exactly 600 whatever the umask (the open's mode is only ever narrowed by it).
      await chmod(partial, 0o600);
      await rename(partial, path);
    } catch (err) {
      await unlink(partial).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key));
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    }).catch((err: unknown) => {
      throw isMissing(err) ? new StoredFileNotFoundError(key) : err;
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: unknown) => {
      if (!isMissing(err)) throw err;
    });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
