import { Link, useParams } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { PageContainer } from '../../../components/PageContainer';
import { PageSpinner } from '../../../components/Spinner';
import { Markdown } from '../../../lib/markdown';
import { authorName, formatDate, useGetNewsArticleQuery } from '../public-api';

export default function NewsArticlePage() {
  const { slug = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useGetNewsArticleQuery(slug, { skip: slug === '' });
  const notFound = isError && (error as FetchBaseQueryError | undefined)?.status === 404;

  return (
    <PageContainer className="py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/news">← News and insights</Link>
      </nav>
      {isLoading ? (
        <PageSpinner label="Loading article" />
      ) : notFound ? (
        <div className="mt-8">
          <h1>Article not found</h1>
          <p className="mt-3 text-ink-600">This article may have been moved or withdrawn.</p>
        </div>
      ) : isError || !data ? (
        <div className="mt-8">
          <h1>News article</h1>
          <div className="alert-error mt-4 flex flex-wrap items-center justify-between gap-3" role="alert">
            <span>We could not load this article. Please try again in a moment.</span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : (
        <article className="mt-6">
          <header className="max-w-3xl">
            <h1>{data.title}</h1>
            <p className="mt-3 text-sm text-ink-500">
              <time dateTime={data.published_at ?? undefined}>{formatDate(data.published_at)}</time>
              {authorName(data.author) ? ` · ${authorName(data.author)}` : ''}
            </p>
            {data.summary ? <p className="mt-4 text-lg leading-8 text-ink-600">{data.summary}</p> : null}
          </header>
          <Markdown source={data.body ?? ''} className="prose-body mt-8" />
        </article>
      )}
    </PageContainer>
  );
}
