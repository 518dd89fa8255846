// /assessment/{assessmentId}/results: the results of one assessment. Computed in the browser with
// the engine from the answers (guests and clients); for an assessment the server has evaluated
// (COMPLETED), the server's stored results and result fields.
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AssessmentEvaluation } from '@reclaim/engine';
import { PageContainer } from '../../../components/PageContainer';
import { PageSpinner } from '../../../components/Spinner';
import { useAuth } from '../../auth/use-auth';
import { errorStatus, useGetAssessmentQuery } from '../assessmentApi';
import { DocumentTasks } from '../components/DocumentTasks';
import { InProgressBanner, ResultsView } from '../components/ResultsView';
import { readGuestProgress } from '../lib/guest-storage';
import { isUuid } from '../lib/ids';
import { ASSESSMENT_MESSAGES } from '../messages';
import { useEvaluation } from '../state/use-evaluation';
import { useLoadedDefinition } from '../state/use-loaded-definition';
import type { ServerAssessment } from '../types';
import '../results-print.css';

/** A submitted Unlikely result: the claim asks for no documents (docs/decisions.md §24). */
const UNLIKELY_SUBMITTED_TEXT =
  'No documents are needed for now. An adviser will review your answers and tell you whether a claim is worth pursuing.';

function serverResultFields(server: ServerAssessment, stored: AssessmentEvaluation): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(stored.resultFields ?? {})) {
    if (key in server) fields[key] = server[key];
  }
  return fields;
}

function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'data' in error && 'status' in error && error.status !== 404) {
    const { data } = error;
    if (data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string')
      return data.detail;
  }
  return ASSESSMENT_MESSAGES.resultsFailed;
}

function Retry({ message }: { message: string }) {
  return (
    <div className="mt-4 space-y-3">
      <p className="alert-error" role="alert">
        {message}
      </p>
      <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
        Retry
      </button>
    </div>
  );
}

export default function ResultsPage() {
  const { assessmentId } = useParams();
  const { isAuthenticated, isChecking, isAdmin } = useAuth();
  const guest = useMemo(() => readGuestProgress(), []);
  const local = guest?.record && guest.record.id === assessmentId ? guest : null;
  const server = useGetAssessmentQuery(assessmentId ?? '', {
    skip: !isAuthenticated || local !== null || !isUuid(assessmentId),
    refetchOnMountOrArgChange: true,
  });
  const data = local ? null : server.data;
  const serviceType = local?.service ?? data?.service_type ?? null;
  const stored = data && data.status === 'COMPLETED' && data.results ? data.results : null;
  const loaded = useLoadedDefinition(serviceType);
  const answers = useMemo(() => local?.answers ?? data?.answers ?? {}, [local, data]);
  const live = useEvaluation(stored ? null : loaded.definition, answers);
  const evaluation = stored ?? live.evaluation;
  const status = local ? (local.record?.status ?? 'in_progress') : (data?.status ?? 'in_progress');
  const headings = (loaded.definition?.recommendation.text ?? []).flatMap((t) =>
    t.heading ? [t.heading] : [],
  );

  let body: React.ReactNode;
  if (!assessmentId) body = <p className="alert-error mt-4">{ASSESSMENT_MESSAGES.idMissing}</p>;
  else if (isChecking || server.isLoading || (serviceType && loaded.isLoading) || live.calculating)
    body = <PageSpinner label="Loading results" />;
  else if (server.isError && errorStatus(server.error) !== 404)
    body = <Retry message={errorText(server.error)} />;
  else if (loaded.fetchFailed) body = <Retry message={ASSESSMENT_MESSAGES.resultsFailed} />;
  else if (live.error) body = <Retry message={live.error} />;
  else if (!evaluation || !serviceType) {
    body = (
      <div className="mt-4 space-y-3">
        <p className="text-lg text-ink-700">{ASSESSMENT_MESSAGES.noData}</p>
        {!isAuthenticated ? (
          <p>
            <Link to="/login" state={{ from: { pathname: `/assessment/${assessmentId}/results` } }}>
              Sign in
            </Link>{' '}
            to see the results of an assessment saved to your account.
          </p>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div className="mt-6 space-y-6">
        {status !== 'COMPLETED' ? <InProgressBanner guest={!isAuthenticated} /> : null}
        <ResultsView
          evaluation={evaluation}
          resultFields={stored && data ? serverResultFields(data, stored) : evaluation.resultFields}
          headings={headings}
          staff={isAdmin}
        />
        {data && isAuthenticated ? (
          evaluation.eligibility.likelihood !== 'Unlikely' ? (
            <DocumentTasks assessmentId={data.id} />
          ) : status === 'COMPLETED' ? (
            // An Unlikely result asks for no documents (the server makes no tasks either).
            <section className="card p-5 sm:p-6" data-testid="unlikely-review-note">
              <h2 className="text-xl">What happens now</h2>
              <p className="mt-2 text-ink-700">{UNLIKELY_SUBMITTED_TEXT}</p>
            </section>
          ) : null
        ) : null}
      </div>
    );
  }

  const questionnairePath =
    serviceType && assessmentId ? `/assessment/${encodeURIComponent(serviceType)}/${assessmentId}` : null;
  return (
    <PageContainer className="assessment-results py-8 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-3xl">Results</h1>
            <p className="mt-1 text-sm text-ink-600">
              Assessment ID: <span data-testid="assessment-id">{assessmentId}</span>
            </p>
            {evaluation ? <p className="text-sm text-ink-600">{evaluation.definition.title}</p> : null}
          </div>
          <div className="no-print flex flex-wrap gap-2">
            {questionnairePath && status === 'in_progress' ? (
              <Link to={questionnairePath} className="btn btn-secondary btn-sm">
                Back to the questionnaire
              </Link>
            ) : null}
            {evaluation ? (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
                Print
              </button>
            ) : null}
          </div>
        </div>
        {body}
      </div>
    </PageContainer>
  );
}
