import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../app/api';
import {
  MAX_UPLOAD_BYTES,
  TransferError,
  UPLOAD_MESSAGES,
  uploadDocument,
} from '../lib/authenticated-transfer';
import { formatBytes } from '../lib/format';
import { useRefreshSession } from '../lib/use-refresh-session';
import type { PortalDocument } from '../types';
import { ClaimSelect } from './ClaimSelect';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from './ui';

export const ACCEPTED_TYPES = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.csv,.txt';

export interface UploadTarget {
  claimId?: string | undefined;
  assessmentId?: string | undefined;
  taskId?: string | undefined;
}

export function DocumentUploader({
  target,
  claimOptions,
  onUploaded,
  heading = 'Upload a document',
}: {
  target?: UploadTarget;
  /** When given, the client may link the upload to one of these applications or claims. */
  claimOptions?: { id: string; label: string }[];
  onUploaded?: (document: PortalDocument) => void | Promise<void>;
  heading?: string;
}) {
  const dispatch = useAppDispatch();
  const refresh = useRefreshSession();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [claimId, setClaimId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const uploading = progress !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a file to upload.');
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(UPLOAD_MESSAGES.tooLarge);
      return;
    }
    setError(null);
    controller.current = new AbortController();
    try {
      const document = await uploadDocument({
        file,
        claimId: target?.claimId ?? (claimId || undefined),
        assessmentId: target?.assessmentId,
        taskId: target?.taskId,
        onProgress: setProgress,
        refresh,
        signal: controller.current.signal,
      });
      dispatch(api.util.invalidateTags(['Document']));
      toast.success(`${document.filename} uploaded.`);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      await onUploaded?.(document);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setError('Upload cancelled.');
      } else {
        const message = caught instanceof TransferError ? caught.message : UPLOAD_MESSAGES.failed;
        setError(message); // announced by the form's alert; a toast as well would say it twice
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-3" noValidate>
      <h2 className="text-lg font-semibold text-ink-900">{heading}</h2>
      <div>
        <label htmlFor={inputId} className={labelClass}>
          File
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={ACCEPTED_TYPES}
          disabled={uploading}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800`}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-ink-500">
          PDF, PNG, JPEG, DOCX, XLSX, CSV or plain text, up to 10 MB.
          {file ? ` Selected: ${file.name} (${formatBytes(file.size)}).` : ''}
        </p>
      </div>
      {claimOptions && claimOptions.length > 0 && !target?.claimId ? (
        <ClaimSelect
          id={`${inputId}-claim`}
          label="Link to an application or claim (optional)"
          noneLabel="Not linked"
          options={claimOptions}
          value={claimId}
          onChange={setClaimId}
          disabled={uploading}
        />
      ) : null}
      {uploading ? (
        <div>
          <div className="flex justify-between text-sm text-ink-600">
            <span id={`${inputId}-progress-label`}>Uploading {file?.name}</span>
            <span>{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`${inputId}-progress-label`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-2 w-full overflow-hidden rounded-full bg-ink-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonPrimary} disabled={uploading}>
          {uploading ? 'Uploading…' : 'Upload'}
        </button>
        {uploading ? (
          <button type="button" className={buttonSecondary} onClick={() => controller.current?.abort()}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
