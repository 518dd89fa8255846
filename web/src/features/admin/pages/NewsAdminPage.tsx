import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '../../portal/components/PageHeader';
import { Pagination } from '../../portal/components/Pagination';
import { EmptyState, ErrorState, LoadingState } from '../../portal/components/States';
import {
  buttonPrimary,
  buttonSecondary,
  cardClass,
  inputClass,
  labelClass,
  linkClass,
  stackActions,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../portal/components/ui';
import { errorMessage } from '../../portal/lib/errors';
import { formatDate } from '../../portal/lib/format';
import { useListNewsAdminQuery, useSetNewsPublishedMutation } from '../adminApi';
import { NewsEditor } from '../components/NewsEditor';
import type { NewsArticle, NewsStatus } from '../types';

const PAGE_SIZE = 20;

export default function NewsAdminPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status: NewsStatus | '' = statusParam === 'draft' || statusParam === 'published' ? statusParam : '';
  const { data, isLoading, error, refetch } = useListNewsAdminQuery({ status, page, page_size: PAGE_SIZE });
  const [setPublished, { isLoading: toggling }] = useSetNewsPublishedMutation();
  // undefined: no editor open; null: a new article.
  const [editing, setEditing] = useState<NewsArticle | null | undefined>(undefined);

  const articles = data?.results ?? [];
  // Keep the open editor in step with publish/unpublish done from the table.
  const current = editing ? (articles.find((item) => item.id === editing.id) ?? editing) : editing;

  const toggle = async (article: NewsArticle) => {
    const publish = article.status !== 'published';
    try {
      await setPublished({ slug: article.slug, published: publish }).unwrap();
      toast.success(
        publish ? `“${article.title}” is on the website.` : `“${article.title}” was taken off the website.`,
      );
    } catch (caught) {
      toast.error(errorMessage(caught, 'The article could not be updated.'));
    }
  };

  return (
    <div>
      <PageHeader
        title="News articles"
        description="Write, preview and publish the articles on the website’s News & Insights page."
        actions={
          <button type="button" className={buttonPrimary} onClick={() => setEditing(null)}>
            New article
          </button>
        }
      />
      {current !== undefined ? (
        <section className={`${cardClass} mb-6`}>
          <NewsEditor
            key={current?.id ?? 'new'}
            article={current ?? null}
            onSaved={(saved) => setEditing(saved)}
            onClose={() => setEditing(undefined)}
          />
        </section>
      ) : null}
      <div className="mb-4 sm:w-56">
        <label htmlFor="news-status" className={labelClass}>
          Show
        </label>
        <select
          id="news-status"
          className={inputClass}
          value={status}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('status', event.target.value);
            else next.delete('status');
            next.delete('page');
            setParams(next);
          }}
        >
          <option value="">All articles</option>
          <option value="draft">Drafts</option>
          <option value="published">Published</option>
        </select>
      </div>
      {isLoading ? <LoadingState label="Loading articles…" /> : null}
      {error ? (
        <ErrorState error={error} fallback="Articles could not be loaded." onRetry={() => void refetch()} />
      ) : null}
      {!isLoading && !error && articles.length === 0 ? (
        <EmptyState title="No articles yet">Use New article to write the first one.</EmptyState>
      ) : null}
      {articles.length > 0 ? (
        <>
          <div className={tableWrapClass}>
            <table className={`${tableClass} ${stackTable}`}>
              <caption className="sr-only">News articles</caption>
              <thead className={stackHead}>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Published</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className={stackBody}>
                {articles.map((article) => (
                  <tr key={article.id} className={stackRow}>
                    <td data-label="Title" className={stackCell}>
                      <div className="min-w-0">
                        <span className="block font-medium text-ink-900">{article.title}</span>
                        {article.status === 'published' ? (
                          <a href={`/news/${article.slug}`} className={`${linkClass} text-xs break-all`}>
                            /news/{article.slug}
                          </a>
                        ) : (
                          <span className="text-xs break-all text-ink-500">/news/{article.slug}</span>
                        )}
                      </div>
                    </td>
                    <td data-label="Status" className={stackCell}>
                      <span
                        className={`badge ${article.status === 'published' ? 'bg-accent-100 text-accent-700' : 'bg-ink-100 text-ink-700'}`}
                      >
                        {article.status === 'published' ? 'Published' : 'Draft'}
                      </span>
                    </td>
                    <td data-label="Published" className={`whitespace-nowrap ${stackCell}`}>
                      {formatDate(article.published_at)}
                    </td>
                    <td data-label="Updated" className={`whitespace-nowrap ${stackCell}`}>
                      {formatDate(article.updated_at)}
                    </td>
                    <td className={`whitespace-nowrap text-right ${stackActions}`}>
                      <div className="flex justify-end gap-2">
                        <button
                          type="button"
                          className={`${buttonSecondary} btn-sm`}
                          onClick={() => {
                            setEditing(article);
                            window.scrollTo?.({ top: 0, behavior: 'smooth' });
                          }}
                          aria-label={`Edit ${article.title}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={`${buttonSecondary} btn-sm`}
                          disabled={toggling}
                          onClick={() => void toggle(article)}
                          aria-label={`${article.status === 'published' ? 'Unpublish' : 'Publish'} ${article.title}`}
                        >
                          {article.status === 'published' ? 'Unpublish' : 'Publish'}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data?.page ?? page}
            pageSize={data?.page_size ?? PAGE_SIZE}
            count={data?.count ?? 0}
            onPageChange={(next) => {
              const nextParams = new URLSearchParams(params);
              nextParams.set('page', String(next));
              setParams(nextParams);
            }}
            label="Article pages"
          />
        </>
      ) : null}
    </div>
  );
}
