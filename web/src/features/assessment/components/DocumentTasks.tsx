// Document tasks of a client's assessment: the list from the server, an upload per task, and the
// task marked completed through the API. A task shows completed only when the server says so.
import { useId, useState } from 'react';
import { TransferError, uploadDocument } from '../../../lib/authenticated-transfer';
import { useRefreshSession } from '../../../lib/use-refresh-session';
import { useCompleteDocumentTaskMutation, useGetAssessmentDocumentsQuery } from '../assessmentApi';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { DocumentTask } from '../types';

function TaskRow({ task, assessmentId }: { task: DocumentTask; assessmentId: string }) {
  const inputId = useId();
  const refresh = useRefreshSession();
  const [completeTask] = useCompleteDocumentTaskMutation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = task.status === 'completed';

  async function upload() {
    if (!file) return;
    setError(null);
    setProgress(0);
    let documentId: string;
    try {
      const document = await uploadDocument({
        file,
        assessmentId,
        taskId: task.id,
        onProgress: setProgress,
        refresh,
      });
      documentId = document.id;
    } catch (e) {
      setError(e instanceof TransferError ? e.message : ASSESSMENT_MESSAGES.markUploadedFailed);
      setProgress(null);
      return;
    }
    const result = await completeTask({ taskId: task.id, documentId, assessmentId });
    if ('error' in result) setError(ASSESSMENT_MESSAGES.markUploadedFailed);
    setProgress(null);
    setFile(null);
  }

  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-task={task.document_id}
    >
      <div>
        <p className="font-semibold text-ink-900">
          {task.name}{' '}
          {task.required ? <span className="badge">Required</span> : <span className="badge">Optional</span>}
        </p>
        <p className="text-sm text-ink-600">{task.description}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {done ? (
        <span className="badge bg-accent-100 text-accent-700" data-testid="task-completed">
          Uploaded
        </span>
      ) : (
        <div className="no-print flex flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            File for {task.name}
          </label>
          <input
            id={inputId}
            type="file"
            className="text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!file || progress !== null}
            onClick={() => void upload()}
          >
            {progress !== null ? `Uploading ${Math.round(progress * 100)}%` : 'Upload'}
          </button>
        </div>
      )}
    </li>
  );
}

export function DocumentTasks({ assessmentId }: { assessmentId: string }) {
  const tasks = useGetAssessmentDocumentsQuery(assessmentId);
  return (
    <section aria-labelledby="tasks-heading" className="card p-5 sm:p-6" data-print="hide">
      <h2 id="tasks-heading" className="text-xl">
        Your document checklist
      </h2>
      {tasks.isLoading ? (
        <p className="mt-2 text-ink-600">Loading documents…</p>
      ) : tasks.isError ? (
        <p className="alert-error mt-2" role="alert">
          {ASSESSMENT_MESSAGES.loadDocumentsFailed}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100 rounded-md border border-ink-200">
          {(tasks.data ?? []).map((task) => (
            <TaskRow key={task.id} task={task} assessmentId={assessmentId} />
          ))}
        </ul>
      )}
    </section>
  );
}
