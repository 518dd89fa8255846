import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Markdown, parseMarkdown, safeHref } from './markdown';

describe('markdown', () => {
  it('parses headings, wrapped list items, tables and paragraphs', () => {
    const source = [
      'Intro with **bold**.',
      '',
      '| Date | Rate |',
      '|---|---|',
      '| Up to 5 April 2025 | 10% |',
      '| From 6 April 2026 | **18%** |',
      '',
      '## Who qualifies',
      '- **Shares**: you hold at least 5% and are an **employee or',
      '  officer** for 2 years.',
      '- Sole traders',
    ].join('\n');
    expect(parseMarkdown(source).map((b) => b.type)).toEqual(['paragraph', 'table', 'heading', 'list']);
    const { container } = render(<Markdown source={source} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(container.querySelector('li strong:nth-of-type(2)')?.textContent).toBe('employee or officer');
    expect(container.querySelector('h2')?.textContent).toBe('Who qualifies');
  });

  it('never renders raw HTML or unsafe links', () => {
    const { container } = render(
      <Markdown
        source={
          '<script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1)) [ok](https://www.gov.uk/)'
        }
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const links = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://www.gov.uk/']);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
  });
});
