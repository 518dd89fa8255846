import { Link } from 'react-router-dom';
import { formatDate, formatRange, serviceName } from '../lib/format';
import type { Claim } from '../types';
import { StatusBadge } from './StatusBadge';
import { linkClass, tableClass, tableWrapClass, tdClass, thClass } from './ui';

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
    <div className={tableWrapClass}>
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Reference
            </th>
            <th scope="col" className={thClass}>
              Service
            </th>
            {showClient ? (
              <th scope="col" className={thClass}>
                Client
              </th>
            ) : null}
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={thClass}>
              Estimated value
            </th>
            <th scope="col" className={thClass}>
              Last update
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {claims.map((claim) => (
            <tr key={claim.id}>
              <td className={`${tdClass} whitespace-nowrap`}>
                <Link to={claimPath(claim)} className={linkClass}>
                  {claim.reference}
                </Link>
              </td>
              <td className={tdClass}>{serviceName(claim.service_type, claim.service_name)}</td>
              {showClient ? (
                <td className={tdClass}>
                  <span className="block">{claim.user.display_name || claim.user.email}</span>
                  {claim.user.display_name ? (
                    <span className="block text-xs text-ink-500">{claim.user.email}</span>
                  ) : null}
                </td>
              ) : null}
              <td className={tdClass}>
                <StatusBadge status={claim.status} />
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatRange(claim.estimated_value)}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{formatDate(claim.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
