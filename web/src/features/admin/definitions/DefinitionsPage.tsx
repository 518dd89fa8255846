import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { lazyWithTimeout } from '../../../lib/lazy-with-timeout';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import {
  linkClass,
  stackActions,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { useListDefinitionVersionsQuery } from './definitionsApi';
import { StatusBadge } from './StatusBadge';
import { groupDefinitions, type DefinitionGroup } from './types';

// The engine (validators, rules engine) comes with the editor only: the list and the rest of the
// portal stay light.
const Studio = lazyWithTimeout(() => import('./studio/Studio'));

function DefinitionList({ groups }: { groups: DefinitionGroup[] }) {
  return (
    <div className={tableWrapClass} tabIndex={0} role="region" aria-label="Assessment definitions">
      <table className={`${tableClass} ${stackTable}`}>
        <caption className="sr-only">Assessment definitions</caption>
        <thead className={stackHead}>
          <tr>
            <th scope="col">Definition</th>
            <th scope="col">Published</th>
            <th scope="col">Versions</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={stackBody}>
          {groups.map((group) => (
            <tr key={group.id} className={stackRow}>
              <td data-label="Definition" className={stackCell}>
                <div className="min-w-0">
                  <span className="block font-medium text-ink-900">{group.title}</span>
                  <span className="block font-mono text-xs break-all text-ink-500">{group.id}</span>
                </div>
              </td>
              <td data-label="Published" className={`whitespace-nowrap ${stackCell}`}>
                {group.published
                  ? `v${group.published.version} since ${formatDate(group.published.effectiveFrom)}`
                  : 'None'}
                {group.scheduled.map((v) => (
                  <span key={v.version} className="block text-sm text-ink-600">
                    v{v.version} scheduled from {formatDate(v.effectiveFrom)}
                  </span>
                ))}
              </td>
              <td data-label="Versions" className={stackCell}>
                <ul
                  className="flex flex-wrap justify-end gap-1.5 sm:justify-start"
                  aria-label={`Versions of ${group.title}`}
                >
                  {group.versions.map((v) => (
                    <li key={v.version} className="flex items-center gap-1 text-sm">
                      <span className="font-medium">v{v.version}</span>
                      <StatusBadge status={group.scheduled.includes(v) ? 'scheduled' : v.status} />
                    </li>
                  ))}
                </ul>
              </td>
              <td className={`whitespace-nowrap text-right ${stackActions}`}>
                <Link
                  to={`/portal/definitions/${encodeURIComponent(group.id)}`}
                  className={linkClass}
                  aria-label={`Open ${group.title}`}
                >
                  {group.draft ? `Edit draft v${group.draft.version}` : 'Open'}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DefinitionsPage() {
  const { definitionId } = useParams();
  const { data, isLoading, error, refetch } = useListDefinitionVersionsQuery();
  const groups = data ? groupDefinitions(data) : [];
  const group = definitionId ? groups.find((g) => g.id === definitionId) : undefined;

  if (definitionId) {
    return (
      <div>
        <p className="mb-2 text-sm">
          <Link to="/portal/definitions" className={linkClass}>
            ← All definitions
          </Link>
        </p>
        <PageHeader
          title={group?.title ?? definitionId}
          description={
            <>
              Edit a draft with forms, check it, try it through the questionnaire, run its tests, see its
              impact and release it. <span className="font-mono">{definitionId}</span>
            </>
          }
        />
        {isLoading ? <LoadingState label="Loading definition…" /> : null}
        {error ? (
          <ErrorState
            error={error}
            fallback="The definitions could not be loaded."
            onRetry={() => void refetch()}
          />
        ) : null}
        {data && !group ? (
          <EmptyState title="No such definition">
            <Link to="/portal/definitions" className={linkClass}>
              Choose one from the list
            </Link>
            .
          </EmptyState>
        ) : null}
        {group ? (
          <Suspense fallback={<LoadingState label="Loading the studio…" />}>
            <Studio key={group.id} group={group} />
          </Suspense>
        ) : null}
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="Assessment definitions"
        description="The scoring rules behind each assessment. Published versions never change: edit a draft and publish it as the next version."
      />
      {isLoading ? <LoadingState label="Loading definitions…" /> : null}
      {error ? (
        <ErrorState
          error={error}
          fallback="The definitions could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : null}
      {data && groups.length === 0 ? <EmptyState title="No definitions are stored yet" /> : null}
      {groups.length > 0 ? <DefinitionList groups={groups} /> : null}
    </div>
  );
}
