import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown as MarkdownPreview } from './markdown';

describe('Markdown as the news editor previews it (one renderer for preview and page)', () => {
  it('renders headings, lists, emphasis and safe links', () => {
    const { container } = render(
      <MarkdownPreview
        source={[
          '## What changed',
          '',
          'The **multiple dwellings relief** ended on *1 June 2024*.',
          '',
          '- Claims already made stand',
          '- New purchases pay the full rate',
          '',
          '1. Check your completion date',
          '2. Contact us',
          '',
          'Read [HMRC guidance](https://www.gov.uk/stamp-duty-land-tax).',
        ].join('\n')}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'What changed' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('multiple dwellings relief');
    expect(container.querySelector('em')).toHaveTextContent('1 June 2024');
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'HMRC guidance' })).toHaveAttribute(
      'href',
      'https://www.gov.uk/stamp-duty-land-tax',
    );
  });

  it('never turns text into markup or script links', () => {
    const { container } = render(
      <MarkdownPreview source={'<img src=x onerror="alert(1)"> and [click](javascript:alert(1))'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)"> and click');
  });
});
