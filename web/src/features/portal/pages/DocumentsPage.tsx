import { useMemo } from 'react';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/use-auth';
import { claimPath } from '../components/ClaimsTable';
import { DocumentTable } from '../components/DocumentTable';
import { DocumentUploader } from '../components/DocumentUploader';
import { PageHeader } from '../../../components/PageHeader';
import { PagedResults } from '../../../components/PagedResults';
import { EmptyState } from '../../../components/States';
import { cardClass } from '../../../components/ui';
import { serviceName } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useGetAssessmentTasksQuery, useListClaimsQuery, useListDocumentsQuery } from '../portalApi';

const PAGE_SIZE = 20;

export default function DocumentsPage() {
  const { isAdmin } = useAuth();
  const { params, page, update } = useListParams();
  const taskId = params.get('task') ?? undefined;
  const assessmentId = params.get('assessment') ?? undefined;

  const documents = useListDocumentsQuery({ page, page_size: PAGE_SIZE });
  const claims = useListClaimsQuery({ page_size: 100 });
  const tasks = useGetAssessmentTasksQuery(assessmentId ?? '', { skip: !assessmentId });
  const task = taskId ? tasks.data?.find((item) => item.id === taskId) : undefined;

  const claimLinks = useMemo(
    () =>
      new Map(
        (claims.data?.results ?? []).map((claim) => [
          claim.id,
          { reference: claim.reference, path: claimPath(claim) },
        ]),
      ),
    [claims.data],
  );
  const claimOptions = (claims.data?.results ?? []).map((claim) => ({
    id: claim.id,
    label: `${claim.reference} · ${serviceName(claim.service_type, claim.service_name)}${
      isAdmin ? ` · ${claim.user.display_name || claim.user.email}` : ''
    }`,
  }));
  const linkedClaim = assessmentId
    ? claims.data?.results.find((claim) => claim.assessment_id === assessmentId)
    : undefined;

  const list = documents.data?.results ?? [];

  return (
    <div>
      <PageHeader
        title="Documents"
        description={
          isAdmin
            ? 'Every document clients and staff have uploaded.'
            : 'Evidence for your claims: completion statements, invoices, valuations and HMRC letters.'
        }
      />
      <section className={`${cardClass} mb-6`}>
        {task ? (
          <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Requested document: <strong>{task.name}</strong>
            {task.description ? ` — ${task.description}` : ''}
          </p>
        ) : null}
        <DocumentUploader
          heading={task ? `Upload ${task.name}` : 'Upload a document'}
          target={taskId && assessmentId ? { taskId, assessmentId, claimId: linkedClaim?.id } : undefined}
          claimOptions={claimOptions}
          onUploaded={() => {
            // An upload with task_id completes the task on the server; leave the task view.
            if (!taskId) return;
            toast.success('Thank you: the requested document has been received.');
            update({ task: '', assessment: '' });
          }}
        />
      </section>
      <h2 className="mb-3 text-lg font-semibold text-ink-900">
        {isAdmin ? 'All documents' : 'Your documents'}
      </h2>
      <PagedResults
        query={documents}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        loadingLabel="Loading documents…"
        errorFallback="Documents could not be loaded."
        empty={
          <EmptyState title="No documents yet">
            Uploaded files appear here, ready to download or delete.
          </EmptyState>
        }
        pagesLabel="Document pages"
      >
        <DocumentTable documents={list} claimLinks={claimLinks} />
      </PagedResults>
    </div>
  );
}
