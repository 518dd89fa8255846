import { Link } from 'react-router-dom';
import { formatDate, formatRange, serviceName } from '../../../lib/format';
import type { Claim } from '../types';
import { StatusBadge } from '../../../components/StatusBadge';
import { StackedTable } from '../../../components/StackedTable';
import { linkClass, stackCell, stackRow, tdClass, thClass } from '../../../components/ui';

export function claimPath(claim: Pick<Claim, 'id' | 'stage'>): string {
  return `/portal/${claim.stage === 'claim' ? 'claims' : 'applications'}/${claim.id}`;
}

export function ClaimsTable({
  claims,
  showClient,
  caption,
}: {
  claims: Claim[];
  showClient: boolean;
  caption: string;
}) {
  return (
    <StackedTable
      caption={caption}
      columns={['Reference', 'Service', showClient && 'Client', 'Status', 'Estimated value', 'Last update']}
      thClassName={thClass}
      bodyClassName="divide-y divide-ink-100"
    >
      {claims.map((claim) => (
        <tr key={claim.id} className={stackRow}>
          <td data-label="Reference" className={`${tdClass} whitespace-nowrap ${stackCell}`}>
            <Link to={claimPath(claim)} className={linkClass}>
              {claim.reference}
            </Link>
          </td>
          <td data-label="Service" className={`${tdClass} ${stackCell}`}>
            {serviceName(claim.service_type, claim.service_name)}
          </td>
          {showClient ? (
            <td data-label="Client" className={`${tdClass} ${stackCell}`}>
              <div className="min-w-0">
                <span className="block">{claim.user.display_name || claim.user.email}</span>
                {claim.user.display_name ? (
                  <span className="block text-xs text-ink-500">{claim.user.email}</span>
                ) : null}
              </div>
            </td>
          ) : null}
          <td data-label="Status" className={`${tdClass} ${stackCell}`}>
            <StatusBadge status={claim.status} />
          </td>
          <td data-label="Estimated value" className={`${tdClass} whitespace-nowrap ${stackCell}`}>
            {formatRange(claim.estimated_value)}
          </td>
          <td data-label="Last update" className={`${tdClass} whitespace-nowrap ${stackCell}`}>
            {formatDate(claim.updated_at)}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
