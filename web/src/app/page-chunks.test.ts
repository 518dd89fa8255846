import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { ASSESSMENT_PAGE_CHUNKS } from '../features/assessment/page-chunks';
import { pageChunk, PAGE_CHUNKS } from './page-chunks';
import { routes } from './router';

// A first page of each kind, and the chunk it needs beside the app chunk (none: the page comes
// with the app chunk).
const PAGES: [string, (() => Promise<unknown>) | undefined][] = [
  ['/', undefined],
  ['/services', undefined],
  ['/login', undefined],
  ['/signup', undefined],
  ['/about', PAGE_CHUNKS.about],
  ['/contact', PAGE_CHUNKS.contact],
  ['/news', PAGE_CHUNKS.newsList],
  ['/news/stamp-duty-changes-2025', PAGE_CHUNKS.newsArticle],
  ['/services/sdlt-refunds', PAGE_CHUNKS.service],
  ['/services/sdlt-refunds/', PAGE_CHUNKS.service],
  ['/terms', PAGE_CHUNKS.legal],
  ['/terms-of-service', PAGE_CHUNKS.legal],
  ['/privacy-policy', PAGE_CHUNKS.legal],
  ['/cookies-policy', PAGE_CHUNKS.legal],
  ['/sitemap', PAGE_CHUNKS.sitemap],
  ['/eligibility-checker', PAGE_CHUNKS.eligibilityChecker],
  ['/assessment/sdlt_refund', ASSESSMENT_PAGE_CHUNKS.questionnaire],
  ['/assessment/sdlt_refund/6a1c0f52-1d4b-4e1a-9c3e-5f7a9b1d3e50', ASSESSMENT_PAGE_CHUNKS.questionnaire],
  ['/assessment/6a1c0f52-1d4b-4e1a-9c3e-5f7a9b1d3e50/results', ASSESSMENT_PAGE_CHUNKS.results],
  ['/portal/dashboard', undefined],
];

describe('the chunk a page fetches beside the app chunk', () => {
  it.each(PAGES)('%s', (path, chunk) => {
    expect(pageChunk(path)).toBe(chunk);
  });

  it('is asked for pages the router has (none falls to its not-found page)', () => {
    for (const [path] of PAGES) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.at(-1)?.route.path, path).not.toBe('*');
    }
  });

  it('is not asked for a page the router does not have', () => {
    expect(pageChunk('/services/sdlt-refunds/extra')).toBeUndefined();
    expect(pageChunk('/assessment/a/b/c')).toBeUndefined();
  });
});
