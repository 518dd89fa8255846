import { useId, useRef, useState } from 'react';
import { FormAlert, LabelledField, useAppForm } from '../../../components/form';
import { toast } from '../../../lib/toast';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../app/api';
import {
  MAX_UPLOAD_BYTES,
  TransferError,
  UPLOAD_MESSAGES,
  uploadDocument,
} from '../../../lib/authenticated-transfer';
import { formatBytes } from '../../../lib/format';
import { useRefreshSession } from '../../../lib/use-refresh-session';
import type { PortalDocument } from '../types';
import { ClaimSelect } from './ClaimSelect';
import { buttonPrimary, buttonSecondary, inputClass } from '../../../components/ui';

export const ACCEPTED_TYPES = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.csv,.txt';

interface UploadValues {
  files: FileList | null;
  claim_id: string;
  task_id: string;
}

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
  taskOptions,
}: {
  target?: UploadTarget;
  /** When given, the client may link the upload to one of these applications or claims. */
  claimOptions?: { id: string; label: string }[];
  onUploaded?: (document: PortalDocument) => void | Promise<void>;
  heading?: string;
  /**
   * Documents still asked for: the client says which one the file answers, and the upload
   * closes that request (issue 30 §3). Chosen by default when only one is open.
   */
  taskOptions?: { id: string; label: string }[];
}) {
  const dispatch = useAppDispatch();
  const refresh = useRefreshSession();
  const inputId = useId();
  const controller = useRef<AbortController | null>(null);
  const form = useAppForm<UploadValues>({ defaultValues: { files: null, claim_id: '', task_id: '' } });
  const [files, claimId, taskId] = form.watch(['files', 'claim_id', 'task_id']);
  const file = files?.[0] ?? null;
  // Upload progress (0–1) while a file is on its way: UI state, not a field.
  const [progress, setProgress] = useState<number | null>(null);

  const uploading = progress !== null;

  const onValid = async (values: UploadValues) => {
    const chosen = values.files?.[0];
    if (!chosen) return;
    controller.current = new AbortController();
    try {
      const document = await uploadDocument({
        file: chosen,
        claimId: target?.claimId ?? (values.claim_id || undefined),
        assessmentId: target?.assessmentId,
        taskId: target?.taskId ?? (values.task_id || undefined),
        onProgress: setProgress,
        refresh,
        signal: controller.current.signal,
      });
      dispatch(api.util.invalidateTags(['Document']));
      toast.success(`${document.filename} uploaded.`);
      // A file input cannot be given a value, only emptied.
      const input = window.document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.value = '';
      form.reset({ files: null, claim_id: values.claim_id, task_id: '' });
      await onUploaded?.(document);
    } catch (caught) {
      // Announced by the form's alert; a toast as well would say it twice.
      if (caught instanceof DOMException && caught.name === 'AbortError')
        form.setFormError('Upload cancelled.');
      else form.setFormError(caught instanceof TransferError ? caught.message : UPLOAD_MESSAGES.failed);
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const { error: fileError, ...fileInput } = form.field('files', {
    validate: {
      chosen: (list) => (list?.length ?? 0) > 0 || 'Choose a file to upload.',
      size: (list) => (list?.[0]?.size ?? 0) <= MAX_UPLOAD_BYTES || UPLOAD_MESSAGES.tooLarge,
    },
  });
  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <form onSubmit={(event) => void form.submit(onValid)(event)} className="space-y-3" noValidate>
      <h2 className="text-lg font-semibold text-ink-900">{heading}</h2>
      <LabelledField
        id={inputId}
        label="File"
        error={fileError}
        hint={
          <>
            PDF, PNG, JPEG, DOCX, XLSX, CSV or plain text, up to 10 MB.
            {file ? ` Selected: ${file.name} (${formatBytes(file.size)}).` : ''}
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={ACCEPTED_TYPES}
            disabled={uploading}
            {...fileInput}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800`}
          />
        )}
      </LabelledField>
      {claimOptions && claimOptions.length > 0 && !target?.claimId ? (
        <ClaimSelect
          id={`${inputId}-claim`}
          label="Link to an application or claim (optional)"
          noneLabel="Not linked"
          options={claimOptions}
          value={claimId}
          onChange={(value) => form.setValue('claim_id', value)}
          disabled={uploading}
        />
      ) : null}
      {taskOptions && taskOptions.length > 0 && !target?.taskId ? (
        <ClaimSelect
          id={`${inputId}-task`}
          label="Which requested document is this?"
          noneLabel="None of them: another document"
          options={taskOptions}
          value={taskId}
          onChange={(value) => form.setValue('task_id', value)}
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
      <FormAlert form={form} />
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
