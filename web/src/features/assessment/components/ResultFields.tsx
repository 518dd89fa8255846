// Result fields shown in a card, in declaration order: each as its label and formatted value (the
// definition says the label, format and card; nothing here knows a service).
import { useState } from 'react';
import type { FieldContent, ShownField } from '../lib/present-results';

/** Rows shown before "Show all" (a broker's year can have hundreds of sales). */
export const TABLE_ROWS_SHOWN = 50;

/**
 * A table field: a table on wide screens, one card per row on a phone (each value with its
 * column's name), the first rows first with a way to show them all.
 */
export function ResultTable({
  content,
  label,
}: {
  content: Extract<FieldContent, { kind: 'table' }>;
  label: string;
}) {
  const [all, setAll] = useState(false);
  const rows = all ? content.rows : content.rows.slice(0, TABLE_ROWS_SHOWN);
  return (
    <div>
      <div className="md:overflow-x-auto">
        <table className="block w-full text-sm md:table" data-testid="result-table">
          <caption className="sr-only">{label}</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              {content.columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className="border-b border-ink-200 px-2 py-2 text-left font-semibold text-ink-700"
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {rows.map((row, i) => (
              <tr
                key={i}
                className="mb-3 block rounded-lg border border-ink-200 p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
              >
                {row.map((cell, j) => {
                  const column = content.columns[j];
                  return (
                    <td
                      key={column?.key ?? j}
                      className="grid grid-cols-[minmax(7rem,40%)_1fr] gap-2 py-0.5 md:table-cell md:px-2 md:py-2 md:align-top"
                    >
                      <span className="font-medium text-ink-600 md:hidden" aria-hidden="true">
                        {column?.label}
                      </span>
                      {'lines' in cell ? (
                        <ul className="space-y-0.5">
                          {cell.lines.map((line, k) => (
                            <li key={k}>{line}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-ink-900">{cell.text}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {content.rows.length > TABLE_ROWS_SHOWN ? (
        <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={() => setAll((v) => !v)}>
          {all ? `Show the first ${TABLE_ROWS_SHOWN}` : `Show all ${content.rows.length}`}
        </button>
      ) : null}
    </div>
  );
}

/** Paragraphs separated by blank lines; a block that is one of `headings` becomes a heading. */
export function Paragraphs({ text, headings = [] }: { text: string; headings?: readonly string[] }) {
  const known = new Set(['Disclaimer', 'Next steps', 'Key considerations', ...headings]);
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
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

/** A field's formatted value alone (a notice shows it under its own heading). */
export function Content({ content, headings }: { content: FieldContent; headings?: readonly string[] }) {
  switch (content.kind) {
    case 'text':
      return <>{content.text}</>;
    case 'score':
      return (
        <span data-testid="score-out-of-10">
          {content.text} <span className="badge ml-1">{content.band}</span>
        </span>
      );
    case 'list':
      return (
        <ul className="list-disc pl-5">
          {content.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'paragraphs':
      return <Paragraphs text={content.text} {...(headings ? { headings } : {})} />;
    case 'table':
      return null;
  }
}

export function ResultFields({ fields, headings }: { fields: ShownField[]; headings?: readonly string[] }) {
  if (fields.length === 0) return null;
  return (
    <dl className="mt-4">
      {fields.map((f) =>
        f.content.kind === 'table' ? (
          // a table takes the card's whole width: its name above it
          <div key={f.name} className="border-b border-ink-100 py-3" data-testid={`result-field-${f.name}`}>
            <dt className="mb-2 text-sm font-medium text-ink-600">{f.label}</dt>
            <dd className="text-ink-900">
              <ResultTable content={f.content} label={f.label} />
            </dd>
          </div>
        ) : (
          <div
            key={f.name}
            className="grid gap-1 border-b border-ink-100 py-2 sm:grid-cols-3"
            data-testid={`result-field-${f.name}`}
            {...(f.format === 'paragraphs' ? { 'data-print': 'hide' } : {})}
          >
            <dt className="text-sm font-medium text-ink-600">{f.label}</dt>
            <dd className="text-ink-900 sm:col-span-2">
              <Content content={f.content} {...(headings ? { headings } : {})} />
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
