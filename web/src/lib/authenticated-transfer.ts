import { config } from './config';
import { getAccessToken } from '../features/auth/token-storage';
import type { PortalDocument } from '../features/portal/types';

/** Refreshes the session through the API slice's shared mutex; true when a new token is stored. */
export type RefreshSession = () => Promise<boolean>;

export class TransferError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

export const UPLOAD_MESSAGES = {
  tooLarge: 'The file is larger than 10 MB. Compress it or split it and try again.',
  badType: 'This file type is not accepted. Upload a PDF, PNG, JPEG, DOCX, XLSX, CSV or plain-text file.',
  network: 'The upload could not reach the server. Check your connection and try again.',
  stalled: 'The upload stopped making progress for 30 seconds and was cancelled.',
  failed: 'The upload failed. Please try again.',
} as const;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

function url(path: string): string {
  return `${config.apiBaseUrl}${path}`;
}

function detailOf(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const { detail, message } = body as { detail?: unknown; message?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface UploadOptions {
  file: File;
  claimId?: string | undefined;
  assessmentId?: string | undefined;
  taskId?: string | undefined;
  onProgress: (fraction: number) => void;
  refresh: RefreshSession;
  signal?: AbortSignal;
}

// RTK Query cannot report upload progress, so this one call uses XMLHttpRequest with the same
// Bearer token and the same one-refresh-then-retry rule as the API slice.
export async function uploadDocument(options: UploadOptions): Promise<PortalDocument> {
  const first = await sendUpload(options, getAccessToken());
  if (first.status === 401 && getAccessToken() !== null) {
    const refreshed = await options.refresh();
    if (refreshed) return finishUpload(await sendUpload(options, getAccessToken()));
  }
  return finishUpload(first);
}

function finishUpload(result: { status: number; body: unknown }): PortalDocument {
  if (result.status >= 200 && result.status < 300) return result.body as PortalDocument;
  if (result.status === 413) throw new TransferError(UPLOAD_MESSAGES.tooLarge, 413);
  if (result.status === 415) throw new TransferError(UPLOAD_MESSAGES.badType, 415);
  throw new TransferError(detailOf(result.body) ?? UPLOAD_MESSAGES.failed, result.status);
}

function sendUpload(
  options: UploadOptions,
  token: string | null,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    if (options.claimId) form.append('claim_id', options.claimId);
    if (options.assessmentId) form.append('assessment_id', options.assessmentId);
    if (options.taskId) form.append('task_id', options.taskId);
    form.append('file', options.file, options.file.name);

    // The 30 s API time-out applies to silence, not to the whole transfer of a large file.
    let idle: ReturnType<typeof setTimeout> | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        xhr.abort();
        reject(new TransferError(UPLOAD_MESSAGES.stalled, 0));
      }, config.apiTimeoutMs);
    };
    const done = () => {
      clearTimeout(idle);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      xhr.abort();
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };

    xhr.open('POST', url('/api/documents/'));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      armIdle();
      if (event.lengthComputable && event.total > 0)
        options.onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) options.onProgress(1);
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(new TransferError(UPLOAD_MESSAGES.network, 0));
    };
    options.signal?.addEventListener('abort', onAbort);
    armIdle();
    options.onProgress(0);
    xhr.send(form);
  });
}

function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      return fallback;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

async function authorisedFetch(path: string, refresh: RefreshSession): Promise<Response> {
  const attempt = (token: string | null) =>
    fetch(url(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(config.apiTimeoutMs),
    });
  const tokenUsed = getAccessToken();
  const response = await attempt(tokenUsed);
  if (response.status === 401 && tokenUsed !== null && (await refresh())) {
    return attempt(getAccessToken());
  }
  return response;
}

/** Fetches an attachment with the Bearer token and hands it to the browser as a download. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  refresh: RefreshSession,
): Promise<void> {
  let response: Response;
  try {
    response = await authorisedFetch(path, refresh);
  } catch {
    throw new TransferError(
      'The download could not reach the server. Check your connection and try again.',
      0,
    );
  }
  if (!response.ok) {
    const body = parseJson(await response.text());
    throw new TransferError(detailOf(body) ?? 'The file could not be downloaded.', response.status);
  }
  const blob = await response.blob();
  const name = filenameFrom(response.headers.get('Content-Disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
