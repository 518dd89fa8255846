// Per-type result fields of eligibility spec section 3, as the results screen reads them.
import { formatGbp, scoreBand } from '../lib/score-band';

type Fields = Readonly<Record<string, unknown>>;

function num(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function Row({ label, children, print = true }: { label: string; children: React.ReactNode; print?: boolean }) {
  return (
    <div className="grid gap-1 border-b border-ink-100 py-2 sm:grid-cols-3" {...(print ? {} : { 'data-print': 'hide' })}>
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="text-ink-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Score({ value }: { value: unknown }) {
  const n = num(value);
  if (n === null) return <>—</>;
  return (
    <span data-testid="score-out-of-10">
      {n} / 10 <span className="badge ml-1">{scoreBand(n)}</span>
    </span>
  );
}

function Money({ value }: { value: unknown }) {
  const n = num(value);
  return <>{n === null ? '—' : formatGbp(n)}</>;
}

/** A text field's value as text ('—' when missing or not text). */
function str(value: unknown, fallback = '—'): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fallback;
}

function YesNo({ value }: { value: unknown }) {
  return <>{value === true ? 'Yes' : value === false ? 'No' : '—'}</>;
}

/** Paragraphs separated by blank lines; lines that are a section heading of the text become headings. */
export function Paragraphs({ text, headings = [] }: { text: string; headings?: readonly string[] }) {
  const known = new Set(['Disclaimer', 'Next steps', 'Key considerations', ...headings]);
  const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  return (
    <div className="space-y-3">
      {blocks.map((block, i) =>
        known.has(block) ? (
          <h4 key={i} className="pt-2 text-base font-semibold text-ink-900">
            {block}
          </h4>
        ) : (
          <p key={i} className="whitespace-pre-line">
            {block}
          </p>
        ),
      )}
    </div>
  );
}

function likelihoodWord(value: unknown): string {
  return value === 'Likely' || value === 'Possible' || value === 'Unlikely' ? value : '—';
}

export function ResultFields({ type, fields, headings }: { type: string; fields: Fields; headings?: readonly string[] }) {
  if ('patent_box_eligibility' in fields || type === 'patent_box') {
    return (
      <dl>
        <Row label="Eligible for Patent Box">
          <YesNo value={fields.patent_box_eligibility} />
        </Row>
        <Row label="Complexity score">
          <Score value={fields.patent_box_complexity_score} />
        </Row>
        <Row label="Value estimate">
          <Money value={fields.patent_box_value_score} />
        </Row>
        <Row label="Recommendation" print={false}>
          {str(fields.patent_box_recommendation)}
        </Row>
      </dl>
    );
  }
  if ('sdlt_eligibility_for_refund' in fields || type === 'sdlt_refund') {
    return (
      <dl>
        <Row label="Eligible for a refund">
          <YesNo value={fields.sdlt_eligibility_for_refund} />
        </Row>
        <Row label="Claim complexity score">
          <Score value={fields.sdlt_claim_complexity_score} />
        </Row>
        <Row label="Potential refund estimate">
          <Money value={fields.sdlt_potential_refund_amount_estimate} />
        </Row>
        <Row label="Recommendation" print={false}>
          {str(fields.sdlt_recommendation)}
        </Row>
      </dl>
    );
  }
  if ('rd_eligibility_status' in fields || type === 'rd_tax_credits') {
    return (
      <dl>
        <Row label="Eligibility status">{likelihoodWord(fields.rd_eligibility_status)}</Row>
        <Row label="Scheme">{str(fields.rd_scheme_type)}</Row>
        <Row label="Claim complexity score">
          <Score value={fields.rd_claim_complexity_score} />
        </Row>
        <Row label="Potential benefit estimate">
          <Money value={fields.rd_potential_benefit_estimate} />
        </Row>
        <Row label="Recommendation" print={false}>
          <p className="whitespace-pre-line">{str(fields.rd_recommendation)}</p>
        </Row>
      </dl>
    );
  }
  if ('cgt_event_type' in fields || type === 'cgt_assessment' || type === 'cgt_reclaim') {
    const reliefs = Array.isArray(fields.cgt_applicable_reliefs) ? (fields.cgt_applicable_reliefs as unknown[]).map(String) : [];
    return (
      <dl>
        <Row label="Disposal">{str(fields.cgt_event_type)}</Row>
        <Row label="Taxable gain estimate">
          <Money value={fields.cgt_taxable_gain_estimate} />
        </Row>
        <Row label="Estimated liability">
          <Money value={fields.cgt_estimated_liability} />
        </Row>
        <Row label="Applicable reliefs">
          {reliefs.length === 0 ? 'None identified' : (
            <ul className="list-disc pl-5">
              {reliefs.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="Complexity score">
          <Score value={fields.cgt_complexity_score} />
        </Row>
        <Row label="Recommendation" print={false}>
          <Paragraphs text={str(fields.cgt_recommendation, '')} {...(headings ? { headings } : {})} />
        </Row>
      </dl>
    );
  }
  return null;
}
