import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession, updateTokens } from '../features/auth/token-storage';
import { TransferError, UPLOAD_MESSAGES, uploadDocument } from './authenticated-transfer';

// A stand-in XMLHttpRequest at the network boundary: each send() is answered by the next
// scripted response, after reporting upload progress.
interface Scripted {
  status: number;
  body: unknown;
}
let script: Scripted[] = [];
const sent: { headers: Record<string, string>; url: string; method: string; form: FormData }[] = [];

class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private headers: Record<string, string> = {};
  private url = '';
  private method = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(form: FormData) {
    sent.push({ headers: { ...this.headers }, url: this.url, method: this.method, form });
    const next = script.shift();
    queueMicrotask(() => {
      if (!next) {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
      this.status = next.status;
      this.responseText = JSON.stringify(next.body);
      this.onload?.();
    });
  }
}

const file = new File(['%PDF-1.7 statement'], 'completion-statement.pdf', { type: 'application/pdf' });
const uploaded = {
  id: 'd1',
  filename: 'completion-statement.pdf',
  content_type: 'application/pdf',
  size: 18,
  sha256: 'x',
  claim_id: 'c1',
  assessment_id: null,
  uploaded_at: '2026-11-21T10:00:00.000Z',
  owner_id: 'u1',
};

beforeEach(() => {
  script = [];
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  startSession({ access: 'old-access', refresh: 'refresh-1' }, false);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadDocument', () => {
  it('posts the file with the Bearer token and the claim, reporting progress', async () => {
    script = [{ status: 201, body: uploaded }];
    const progress: number[] = [];
    const doc = await uploadDocument({
      file,
      claimId: 'c1',
      onProgress: (p) => progress.push(p),
      refresh: vi.fn(),
    });
    expect(doc).toEqual(uploaded);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/documents/');
    expect(sent[0]?.headers.Authorization).toBe('Bearer old-access');
    expect(sent[0]?.form.get('claim_id')).toBe('c1');
    expect((sent[0]?.form.get('file') as File).name).toBe('completion-statement.pdf');
    expect(progress).toEqual([0, 0.5, 1, 1]);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    script = [
      { status: 401, body: { detail: 'Token expired' } },
      { status: 201, body: uploaded },
    ];
    const refresh = vi.fn(() => {
      updateTokens({ access: 'new-access', refresh: 'refresh-2' });
      return Promise.resolve(true);
    });
    await uploadDocument({ file, onProgress: () => undefined, refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
  });

  it('does not retry when the refresh fails', async () => {
    script = [{ status: 401, body: { detail: 'Token expired' } }];
    const refresh = vi.fn(() => Promise.resolve(false));
    await expect(uploadDocument({ file, onProgress: () => undefined, refresh })).rejects.toMatchObject({
      status: 401,
    });
    expect(sent).toHaveLength(1);
  });

  it('explains a file that is too large or of a refused type', async () => {
    script = [{ status: 413, body: {} }];
    await expect(uploadDocument({ file, onProgress: () => undefined, refresh: vi.fn() })).rejects.toEqual(
      new TransferError(UPLOAD_MESSAGES.tooLarge, 413),
    );
    script = [{ status: 415, body: {} }];
    await expect(uploadDocument({ file, onProgress: () => undefined, refresh: vi.fn() })).rejects.toThrow(
      UPLOAD_MESSAGES.badType,
    );
  });

  it('reports a network failure', async () => {
    script = [];
    await expect(uploadDocument({ file, onProgress: () => undefined, refresh: vi.fn() })).rejects.toThrow(
      UPLOAD_MESSAGES.network,
    );
  });
});
