import type { ReactNode } from 'react';

// A small Markdown subset rendered to React elements (never to HTML strings), so an article
// preview cannot inject markup: headings, paragraphs, lists, quotes, code, emphasis and links.

const SAFE_HREF = /^(https?:\/\/|mailto:|\/|#)/i;

function renderInline(text: string, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) out.push(text.slice(last, start));
    const token = match[0];
    const key = `${keyPrefix}-${index++}`;
    if (match[1]) out.push(<code key={key}>{token.slice(1, -1)}</code>);
    else if (match[2]) out.push(<strong key={key}>{renderInline(token.slice(2, -2), key)}</strong>);
    else if (match[3]) out.push(<em key={key}>{renderInline(token.slice(1, -1), key)}</em>);
    else {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token);
      const label = link?.[1] ?? token;
      const href = link?.[2] ?? '';
      out.push(
        SAFE_HREF.test(href) ? (
          <a key={key} href={href} rel="noopener noreferrer">
            {label}
          </a>
        ) : (
          label
        ),
      );
    }
    last = start + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function renderMarkdown(source: string): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  let key = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (!line.trim()) {
      i++;
      continue;
    }
    const k = `b${key++}`;
    if (line.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').startsWith('```')) code.push(lines[i++] ?? '');
      i++;
      blocks.push(
        <pre key={k}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length;
      const content = renderInline(heading[2] ?? '', k);
      // An article's own headings start at h2: the title is the page's h1.
      blocks.push(
        level <= 2 ? (
          <h2 key={k}>{content}</h2>
        ) : level === 3 ? (
          <h3 key={k}>{content}</h3>
        ) : (
          <h4 key={k}>{content}</h4>
        ),
      );
      i++;
      continue;
    }
    if (/^\s*[-*+]\s+/.test(line) || /^\s*\d+[.)]\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const itemPattern = ordered ? /^\s*\d+[.)]\s+(.*)$/ : /^\s*[-*+]\s+(.*)$/;
      const items: ReactNode[] = [];
      while (i < lines.length && itemPattern.test(lines[i] ?? '')) {
        const item = itemPattern.exec(lines[i] ?? '');
        items.push(
          <li key={`${k}-${items.length}`}>{renderInline(item?.[1] ?? '', `${k}-${items.length}`)}</li>,
        );
        i++;
      }
      blocks.push(ordered ? <ol key={k}>{items}</ol> : <ul key={k}>{items}</ul>);
      continue;
    }
    if (line.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('>'))
        quote.push((lines[i++] ?? '').replace(/^>\s?/, ''));
      blocks.push(<blockquote key={k}>{renderInline(quote.join(' '), k)}</blockquote>);
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      (lines[i] ?? '').trim() &&
      !/^(#{1,4}\s|```|>|\s*[-*+]\s+|\s*\d+[.)]\s+)/.test(lines[i] ?? '')
    ) {
      paragraph.push((lines[i++] ?? '').trim());
    }
    blocks.push(<p key={k}>{renderInline(paragraph.join(' '), k)}</p>);
  }
  return blocks;
}

export function MarkdownPreview({ source }: { source: string }) {
  return <div className="prose-body">{renderMarkdown(source)}</div>;
}
