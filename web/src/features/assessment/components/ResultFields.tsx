// Result fields shown in a card, in declaration order: each as its label and formatted value (the
// definition says the label, format and card; nothing here knows a service).
import type { FieldContent, ShownField } from '../lib/present-results';

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

function Content({ content, headings }: { content: FieldContent; headings?: readonly string[] }) {
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
  }
}

export function ResultFields({ fields, headings }: { fields: ShownField[]; headings?: readonly string[] }) {
  if (fields.length === 0) return null;
  return (
    <dl className="mt-4">
      {fields.map((f) => (
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
      ))}
    </dl>
  );
}
