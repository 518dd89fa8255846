import type { ClaimDraftContent } from '@reclaim/engine';
import type { ClaimDraft } from './claim-draft.entity';

/** API field name ↔ the engine's client field name. */
export const CLIENT_FIELD_NAMES = {
  utrn: 'utrn',
  purchasers: 'purchasers',
  property_address: 'propertyAddress',
  title_number: 'titleNumber',
  bank_account_name: 'bankAccountName',
  bank_sort_code: 'bankSortCode',
  bank_account_number: 'bankAccountNumber',
  appealed_before: 'appealedBefore',
  tax_reference: 'taxReference',
} as const;

export type ClientFieldName = keyof typeof CLIENT_FIELD_NAMES;
export const CLIENT_FIELD_KEYS = Object.keys(CLIENT_FIELD_NAMES) as ClientFieldName[];

/** `checksum`: of the filled draft without the declaration, what the client reads before signing. */
export function toClaimDraftResponse(draft: ClaimDraft, content: ClaimDraftContent, checksum: string) {
  const clientFields = Object.fromEntries(
    CLIENT_FIELD_KEYS.map((key) => [key, draft.clientFields[CLIENT_FIELD_NAMES[key]] ?? '']),
  ) as Record<ClientFieldName, string>;
  const needed = new Set(draft.route.items.filter((i) => i.source === 'client').map((i) => i.ref));
  return {
    id: draft.id,
    claim_id: draft.claim.id,
    route_id: draft.routeId,
    title: content.title,
    legal_basis: content.legalBasis,
    definition: { id: draft.definitionId, version: draft.definitionVersion },
    evaluated_as_of: draft.evaluatedAsOf,
    limit: {
      date: content.limit.date,
      rule: content.limit.rule,
      in_time: content.limit.inTime,
      parameter: content.limit.parameter,
    },
    items: content.items,
    sections: content.sections,
    complete: content.complete,
    ready_to_sign: content.readyToSign,
    missing_hard: content.missingHard,
    warn_gaps: content.warnGaps,
    client_fields: clientFields,
    client_fields_needed: CLIENT_FIELD_KEYS.filter((key) => needed.has(CLIENT_FIELD_NAMES[key])),
    signed:
      draft.signedName !== null && draft.signedAt !== null && draft.signedDate !== null
        ? { name: draft.signedName, date: draft.signedDate, at: draft.signedAt.toISOString() }
        : null,
    pdf_available: draft.pdfStorageName !== null,
    checksum,
    created_at: draft.createdAt.toISOString(),
    updated_at: draft.updatedAt.toISOString(),
  };
}

export type ClaimDraftResponse = ReturnType<typeof toClaimDraftResponse>;
