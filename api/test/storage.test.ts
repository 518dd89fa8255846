/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- response bodies are read as untyped JSON; the assertions check their shape */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../src/modules/documents/document.entity';
import { MAX_UPLOAD_BYTES } from '../src/modules/documents/documents.service';
import { FileStorage, StoredFileNotFoundError } from '../src/modules/storage/file-storage';
import { LocalFileStorage } from '../src/modules/storage/local-file-storage';
import { S3FileStorage } from '../src/modules/storage/s3-file-storage';
import { createCast, multipart, pdfBytes, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';
import { startS3Server, type TestS3Server } from './helpers/s3';

// SECURITY rows 20, 27 and 32 (files in object storage), against a real S3 protocol server.
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

/** A stream of `size` random bytes in 64 KiB chunks, and their sha256. */
function randomStream(size: number): { stream: Readable; sha256: string } {
  const data = randomBytes(size);
  const chunks: Buffer[] = [];
  for (let i = 0; i < size; i += 65536) chunks.push(data.subarray(i, i + 65536));
  return { stream: Readable.from(chunks), sha256: createHash('sha256').update(data).digest('hex') };
}

/** A stream that sends some bytes, then fails (a client that drops the connection). */
function brokenStream(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent += 1;
      if (sent < 4) this.push(randomBytes(65536));
      else this.destroy(new Error('connection reset'));
    },
  });
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each([
  ['local disk', () => new LocalFileStorage(mkdtempSync(join(tmpdir(), 'reclaim-local-store-')))],
  ['S3 (s3rver)', () => new S3FileStorage(s3.config)],
] as const)('FileStorage contract: %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = make();
    await storage.check();
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('streams 6 MB in and out unchanged (more than one multipart part on S3)', async () => {
    const { stream, sha256 } = randomStream(6 * 1024 * 1024 + 123);
    await storage.put('big-object', stream);
    expect(await storage.exists('big-object')).toBe(true);
    expect(sha(await buffer(await storage.get('big-object')))).toBe(sha256);
  });

  it('a missing object is StoredFileNotFoundError; delete is repeatable', async () => {
    await expect(storage.get('never-written')).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await storage.put('short-lived', Readable.from([Buffer.from('bye')]));
    expect(await text(await storage.get('short-lived'))).toBe('bye');
    await storage.delete('short-lived');
    await storage.delete('short-lived');
    expect(await storage.exists('short-lived')).toBe(false);
    await expect(storage.get('short-lived')).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('a body that fails half-way leaves no object behind', async () => {
    await expect(storage.put('half-written', brokenStream())).rejects.toThrow();
    expect(await storage.exists('half-written')).toBe(false);
  });

  it('refuses keys that could name another place', async () => {
    for (const key of ['../x', 'a/b', '', '.hidden', 'x'.repeat(129)])
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/unsafe storage key/);
  });
});

describe('documents in S3 storage (S3_* set)', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp({ s3: s3.config });
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (headers: Record<string, string>, file: Parameters<typeof multipart>[0]) => {
    const body = multipart(file, {});
    return t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const rowOf = (id: string) => t.app.get(EntityManager).fork().findOneOrFail(Document, { id });

  it('an upload goes to the bucket under its random id, not to local disk, and downloads unchanged', async () => {
    const content = pdfBytes();
    const res = await upload(cast.clientA.headers, { name: 'deed.pdf', content, type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json().id);
    expect(await s3.keys()).toContain(row.storageName);
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);
    const dl = await t.request({
      method: 'GET',
      url: `/api/documents/${row.id}/download/`,
      headers: cast.clientA.headers,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.rawPayload.equals(content)).toBe(true);
  });

  it('the demo client’s seeded document is in the bucket too', async () => {
    const rows = await t.app.get(EntityManager).fork().find(Document, {});
    const keys = await s3.keys();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(keys).toContain(row.storageName);
  });

  it('a large text file is sniffed as text from its stream; binary in the middle → 415 and nothing kept', async () => {
    const before = await s3.keys();
    const line = Buffer.from('date,amount,description\n2024-01-01,100.00,stamp duty ü\n');
    const big = Buffer.concat(Array.from({ length: Math.ceil((3 * 1024 * 1024) / line.length) }, () => line));
    const ok = await upload(cast.clientA.headers, { name: 'ledger.csv', content: big, type: 'text/csv' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ content_type: 'text/csv', size: big.length, sha256: sha(big) });
    const poisoned = Buffer.from(big);
    poisoned[Math.floor(big.length / 2)] = 0;
    const bad = await upload(cast.clientA.headers, {
      name: 'ledger.csv',
      content: poisoned,
      type: 'text/csv',
    });
    expect(bad.statusCode).toBe(415);
    expect((await s3.keys()).length).toBe(before.length + 1);
  });

  it('1 byte over 10 MB → 413 and no object stays in the bucket', async () => {
    const before = await s3.keys();
    const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    const res = await upload(cast.clientA.headers, { name: 'big.txt', content: over, type: 'text/plain' });
    expect(res.statusCode).toBe(413);
    expect(await s3.keys()).toEqual(before);
  });

  it('deleting a document deletes the object', async () => {
    const res = await upload(cast.clientA.headers, { name: 'old.txt', content: Buffer.from('bye') });
    const row = await rowOf(res.json().id);
    expect(await s3.keys()).toContain(row.storageName);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/documents/${row.id}/`,
      headers: cast.clientA.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await s3.keys()).not.toContain(row.storageName);
  });

  it('row 27: erasure deletes the user’s unheld objects from the bucket', async () => {
    const res = await upload(cast.clientB.headers, { name: 'personal.txt', content: Buffer.from('mine') });
    const row = await rowOf(res.json().id);
    expect(await s3.keys()).toContain(row.storageName);
    const erase = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      headers: cast.clientB.headers,
      payload: { password: cast.clientB.reg.password },
    });
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    expect(await s3.keys()).not.toContain(row.storageName);
  });
});

describe('S3 misconfiguration', () => {
  it('refuses to start when the bucket cannot be used, naming the bucket', async () => {
    await expect(createTestApp({ s3: { ...s3.config, bucket: 'no-such-bucket' } })).rejects.toThrow(
      /S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ is not usable/,
    );
  });
});

describe('local disk stays the default', () => {
  it('without S3_* the files are under DATA_DIR/uploads/', async () => {
    const t = await createTestApp();
    try {
      const dir = join(t.dataDir, 'uploads');
      // The seeded demo document.
      expect(readdirSync(dir).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
