/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { Document } from '../src/modules/documents/document.entity';
import { MAX_UPLOAD_BYTES, UNSUPPORTED_TYPE_DETAIL } from '../src/modules/documents/documents.service';
import {
  normaliseUploadName,
  safeDisplayName,
  sniffContentType,
} from '../src/modules/documents/sniff-content-type';
import { createCast, multipart, pdfBytes, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// SECURITY.md row 20.
describe('documents: upload limits, content sniffing, storage, owner-only access', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (
    headers: Record<string, string>,
    file: Parameters<typeof multipart>[0],
    fields: Record<string, string> = {},
  ) => {
    const body = multipart(file, fields);
    return t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a PDF under a server-generated name with its sha256 and answers the Document', async () => {
    const content = pdfBytes();
    const res = await upload(cast.clientA.headers, {
      name: 'statement.pdf',
      content,
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      filename: 'statement.pdf',
      content_type: 'application/pdf',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      owner_id: cast.clientA.id,
      claim_id: null,
    });
    const row = await t.app.get(EntityManager).fork().findOneOrFail(Document, { id: doc.id });
    expect(row.storageName).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(join(t.dataDir, 'uploads', row.storageName)).equals(content)).toBe(true);
  });

  it('a file of exactly 10 MB is accepted; 1 byte over → 413 and nothing is stored', async () => {
    const before = readdirSync(join(t.dataDir, 'uploads')).length;
    const exact = Buffer.alloc(MAX_UPLOAD_BYTES, 0x61);
    const ok = await upload(cast.clientA.headers, { name: 'big.txt', content: exact, type: 'text/plain' });
    expect(ok.statusCode, ok.body).toBe(201);
    const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    const res = await upload(cast.clientA.headers, { name: 'big.txt', content: over, type: 'text/plain' });
    expect(res.statusCode).toBe(413);
    expect(readdirSync(join(t.dataDir, 'uploads')).length).toBe(before + 1);
  });

  it('the type is decided by the content: a fake .pdf → 415, and so is an executable', async () => {
    const fake = await upload(cast.clientA.headers, {
      name: 'invoice.pdf',
      content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00 not really a pdf', 'latin1'),
      type: 'application/pdf',
    });
    expect(fake.statusCode).toBe(415);
    const textAsPdf = await upload(cast.clientA.headers, {
      name: 'invoice.pdf',
      content: Buffer.from('just text'),
      type: 'application/pdf',
    });
    expect(textAsPdf.statusCode).toBe(415);
    const exe = await upload(cast.clientA.headers, {
      name: 'tool.exe',
      content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
      type: 'application/octet-stream',
    });
    expect(exe.statusCode).toBe(415);
    const png = await upload(cast.clientA.headers, {
      name: 'photo.png',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      type: 'image/png',
    });
    expect(png.statusCode).toBe(201);
    expect(png.json().content_type).toBe('image/png');
    const csv = await upload(cast.clientA.headers, {
      name: 'costs.csv',
      content: Buffer.from('item,amount\nstaff,1000\n'),
      type: 'text/csv',
    });
    expect(csv.json().content_type).toBe('text/csv');
  });

  it('sniffs DOCX and XLSX by their ZIP entries and refuses other ZIPs', () => {
    const zip = (entries: string[]) =>
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(entries.join('\0'), 'latin1')]);
    expect(sniffContentType(zip(['[Content_Types].xml', 'word/document.xml']), 'a.docx')?.kind).toBe('docx');
    expect(sniffContentType(zip(['[Content_Types].xml', 'xl/workbook.xml']), 'a.xlsx')?.kind).toBe('xlsx');
    expect(sniffContentType(zip(['[Content_Types].xml', 'xl/workbook.xml']), 'a.docx')).toBeNull();
    expect(sniffContentType(zip(['evil.sh']), 'a.docx')).toBeNull();
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'photo.jpg')?.mime).toBe('image/jpeg');
  });

  // Issue 10: a name is normalised (NFKC, invisible and bidi characters out, whitespace collapsed,
  // trailing dots and spaces dropped) before the extension check, and its LAST extension decides.
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  for (const name of [
    'x.html.',
    'x.html...',
    'x.pdf.html',
    'x.html ',
    'x.html . .',
    'x.ht\u200bml',
    'x.html\u200b',
    'x.ht\u2060ml',
    'x.h\ufefftml',
    'x.\u202ehtml',
    'x\uff0ehtml',
    'x.ｈｔｍｌ',
    'x.html\u00a0\u3000',
    'x.constructor',
  ]) {
    it(`row 20: the upload name ${JSON.stringify(name)} is refused with 415`, async () => {
      const res = await upload(cast.clientA.headers, { name, content: html, type: 'text/plain' });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().detail).toBe(UNSUPPORTED_TYPE_DETAIL);
    });
  }

  it('row 20: normalised names keep the last extension and read as typed', async () => {
    expect(normaliseUploadName('  My\u200b  report\u202e .pdf. . ')).toBe('My report .pdf');
    expect(safeDisplayName('..\\dir/\u200bstatement\u00a0 2024.pdf.')).toBe('statement 2024.pdf');
    expect(sniffContentType(pdfBytes(), 'statement.pdf.')?.kind).toBe('pdf');
    expect(sniffContentType(pdfBytes(), 'statement.html.pdf')?.kind).toBe('pdf');
    expect(sniffContentType(Buffer.from('notes'), 'notes')?.kind).toBe('text');
    const res = await upload(cast.clientA.headers, { name: 'year\u200b end.pdf. ', content: pdfBytes() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().filename).toBe('year end.pdf');
  });

  it('a "../../x" file name is stored under a random id and shown as "x"', async () => {
    // A name of its own, so a stray /tmp/x left by anything else on the machine cannot decide this.
    const name = `x${randomUUID().slice(0, 8)}`;
    const res = await upload(cast.clientA.headers, { name: `../../${name}`, content: Buffer.from('hello') });
    expect(res.statusCode).toBe(201);
    expect(res.json().filename).toBe(name);
    const row = await t.app.get(EntityManager).fork().findOneOrFail(Document, { id: res.json().id });
    expect(row.storageName).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(existsSync(join(t.dataDir, 'uploads', row.storageName))).toBe(true);
    expect(existsSync(join(t.dataDir, '..', name))).toBe(false);
    expect(existsSync(join(t.dataDir, name))).toBe(false);
  });

  it('downloads as an attachment with nosniff; other clients get 404; staff access is logged', async () => {
    const res = await upload(cast.clientA.headers, { name: 'Rechnung ü.pdf', content: pdfBytes() });
    const id = res.json().id;
    const dl = await t.request({
      method: 'GET',
      url: `/api/documents/${id}/download/`,
      headers: cast.clientA.headers,
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(
      /^attachment; filename="Rechnung _\.pdf"; filename\*=UTF-8''Rechnung%20%C3%BC\.pdf$/,
    );
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.rawPayload.equals(pdfBytes())).toBe(true);

    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/documents/${id}/download/`,
          headers: cast.clientB.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/documents/${id}/`, headers: cast.clientB.headers }))
        .statusCode,
    ).toBe(404);
    const listB = await t.request({ method: 'GET', url: '/api/documents/', headers: cast.clientB.headers });
    expect(listB.json().results.map((d: { id: string }) => d.id)).not.toContain(id);

    const staff = await t.request({
      method: 'GET',
      url: `/api/documents/${id}/download/`,
      headers: cast.staff.headers,
    });
    expect(staff.statusCode).toBe(200);
    const em = t.app.get(EntityManager).fork();
    expect(
      await em.count(ActivityLog, { action: 'staff_view_client_record', targetId: id, user: cast.staff.id! }),
    ).toBe(1);
    expect(await em.count(ActivityLog, { action: 'document_download', targetId: id })).toBe(2);
    expect(
      await em.count(ActivityLog, { action: 'document_upload', targetId: id, user: cast.clientA.id! }),
    ).toBe(1);
  });

  it('the owner deletes a document: row and file go', async () => {
    const res = await upload(cast.clientA.headers, { name: 'old.txt', content: Buffer.from('bye') });
    const id = res.json().id;
    const row = await t.app.get(EntityManager).fork().findOneOrFail(Document, { id });
    const del = await t.request({
      method: 'DELETE',
      url: `/api/documents/${id}/`,
      headers: cast.clientA.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(existsSync(join(t.dataDir, 'uploads', row.storageName))).toBe(false);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/documents/${id}/download/`,
          headers: cast.clientA.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('malformed uploads are 4xx: no file, JSON instead of multipart, a bad claim_id, an extra field', async () => {
    const json = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: cast.clientA.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const noFileBoundary = 'xyz';
    const empty = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, 'content-type': `multipart/form-data; boundary=${noFileBoundary}` },
      payload: `--${noFileBoundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await upload(cast.clientA.headers, { name: 'a.txt', content: Buffer.from('a') }, { claim_id: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await upload(
          cast.clientA.headers,
          { name: 'a.txt', content: Buffer.from('a') },
          { owner_id: cast.clientB.id! },
        )
      ).statusCode,
    ).toBe(400);
    expect((await upload(cast.clientA.headers, { name: 'a.txt', content: Buffer.alloc(0) })).statusCode).toBe(
      400,
    );
    const garbage = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: 'this is not multipart at all',
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });
});
