import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { downloadFile, TransferError } from '../../../lib/authenticated-transfer';
import { errorMessage } from '../../../lib/errors';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useRefreshSession } from '../../../lib/use-refresh-session';
import { useDeleteDocumentMutation } from '../portalApi';
import type { PortalDocument } from '../types';
import { StackedTable } from '../../../components/StackedTable';
import {
  buttonDanger,
  buttonSecondary,
  linkClass,
  stackActions,
  stackCell,
  stackRow,
  tdClass,
  thClass,
} from '../../../components/ui';

function kindOf(doc: PortalDocument): string {
  const ext = doc.filename.includes('.') ? doc.filename.split('.').pop() : undefined;
  return ext ? ext.toUpperCase() : doc.content_type;
}

export function DocumentTable({
  documents,
  claimLinks,
  caption = 'Documents',
  showLinked = true,
}: {
  /** Off on a claim's own page, where every document belongs to that claim. */
  showLinked?: boolean;
  documents: PortalDocument[];
  /** claim id → reference and path, to show what a document belongs to. */
  claimLinks?: Map<string, { reference: string; path: string }>;
  caption?: string;
}) {
  const refresh = useRefreshSession();
  const [deleteDocument, { isLoading: deleting }] = useDeleteDocumentMutation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const onDownload = async (doc: PortalDocument) => {
    setDownloading(doc.id);
    try {
      await downloadFile(`/api/documents/${encodeURIComponent(doc.id)}/download/`, doc.filename, refresh);
    } catch (error) {
      toast.error(error instanceof TransferError ? error.message : 'The file could not be downloaded.');
    } finally {
      setDownloading(null);
    }
  };

  const onDelete = async (doc: PortalDocument) => {
    try {
      await deleteDocument(doc.id).unwrap();
      toast.success(`${doc.filename} deleted.`);
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error, `${doc.filename} could not be deleted.`));
    }
  };

  return (
    <StackedTable
      caption={caption}
      columns={['File', showLinked && 'Linked to', 'Size', 'Uploaded', { label: 'Actions', srOnly: true }]}
      thClassName={thClass}
      bodyClassName="divide-y divide-ink-100"
    >
      {documents.map((doc) => {
        const link = doc.claim_id ? claimLinks?.get(doc.claim_id) : undefined;
        return (
          <tr key={doc.id} className={stackRow}>
            <td data-label="File" className={`${tdClass} ${stackCell}`}>
              <div className="min-w-0">
                <span className="block max-w-[16rem] font-medium break-words">{doc.filename}</span>
                <span className="text-xs text-ink-500">{kindOf(doc)}</span>
              </div>
            </td>
            {showLinked ? (
              <td data-label="Linked to" className={`${tdClass} whitespace-nowrap ${stackCell}`}>
                {link ? (
                  <Link to={link.path} className={linkClass}>
                    {link.reference}
                  </Link>
                ) : doc.claim_id ? (
                  'An application'
                ) : (
                  '—'
                )}
              </td>
            ) : null}
            <td data-label="Size" className={`${tdClass} whitespace-nowrap ${stackCell}`}>
              {formatBytes(doc.size)}
            </td>
            <td data-label="Uploaded" className={`${tdClass} whitespace-nowrap ${stackCell}`}>
              {formatDateTime(doc.uploaded_at)}
            </td>
            <td className={`${tdClass} whitespace-nowrap text-right ${stackActions}`}>
              {confirming === doc.id ? (
                <div
                  role="group"
                  aria-label={`Confirm deleting ${doc.filename}`}
                  className="flex items-center justify-end gap-2"
                >
                  <span className="text-sm text-ink-700">Delete {doc.filename}?</span>
                  <button
                    type="button"
                    className={buttonDanger}
                    disabled={deleting}
                    onClick={() => void onDelete(doc)}
                  >
                    Yes, delete
                  </button>
                  <button
                    type="button"
                    className={buttonSecondary}
                    autoFocus
                    onClick={() => setConfirming(null)}
                  >
                    Cancel
                  </button>
                </div>
              ) : (
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={buttonSecondary}
                    disabled={downloading === doc.id}
                    onClick={() => void onDownload(doc)}
                    aria-label={`Download ${doc.filename}`}
                  >
                    {downloading === doc.id ? 'Downloading…' : 'Download'}
                  </button>
                  <button
                    type="button"
                    className={buttonSecondary}
                    onClick={() => setConfirming(doc.id)}
                    aria-label={`Delete ${doc.filename}`}
                  >
                    Delete
                  </button>
                </div>
              )}
            </td>
          </tr>
        );
      })}
    </StackedTable>
  );
}
