import { Link, useSearchParams } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { PageSpinner } from '../../../components/Spinner';
import { PageHero } from '../components/PageHero';
import { authorName, formatDate, useGetNewsQuery } from '../public-api';

export default function NewsListPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const { data, isLoading, isError, isFetching, refetch } = useGetNewsQuery({ page });
  const pageCount = data ? Math.max(1, Math.ceil(data.count / Math.max(1, data.page_size))) : 1;

  return (
    <>
      <PageHero
        eyebrow="News & Insights"
        title="News and insights"
        lead="Changes to UK tax rules, deadlines to watch and what they mean for your claims."
      />
      <PageContainer className="py-14">
        {isLoading ? (
          <PageSpinner label="Loading articles" />
        ) : isError ? (
          <div className="alert-error flex flex-wrap items-center justify-between gap-3" role="alert">
            <span>We could not load the latest articles. Please try again in a moment.</span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : !data || data.results.length === 0 ? (
          <div className="alert-info" role="status">
            No articles have been published yet. Please check back soon.
          </div>
        ) : (
          <>
            <ul className={`grid gap-6 md:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-60' : ''}`}>
              {data.results.map((article) => {
                const author = authorName(article.author);
                return (
                  <li key={article.slug} className="card flex flex-col">
                    <p className="text-xs text-ink-500">
                      <time dateTime={article.published_at ?? undefined}>
                        {formatDate(article.published_at)}
                      </time>
                      {author ? ` · ${author}` : ''}
                    </p>
                    <h2 className="mt-2 text-xl">
                      <Link
                        to={`/news/${article.slug}`}
                        className="text-ink-900 no-underline hover:text-brand-700"
                      >
                        {article.title}
                      </Link>
                    </h2>
                    <p className="mt-2 flex-1 text-sm leading-6 text-ink-600">{article.summary}</p>
                    <Link
                      to={`/news/${article.slug}`}
                      className="mt-4 text-sm font-semibold"
                      aria-label={`Read more: ${article.title}`}
                    >
                      Read more →
                    </Link>
                  </li>
                );
              })}
            </ul>
            {pageCount > 1 ? (
              <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-3">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={page <= 1}
                  onClick={() => setParams({ page: String(page - 1) })}
                >
                  Previous
                </button>
                <span className="text-sm text-ink-600">
                  Page {page} of {pageCount}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={page >= pageCount}
                  onClick={() => setParams({ page: String(page + 1) })}
                >
                  Next
                </button>
              </nav>
            ) : null}
          </>
        )}
      </PageContainer>
    </>
  );
}
