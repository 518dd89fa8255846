import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../../../components/PageHeader';
import { FilterSelect } from '../../../components/ListFilters';
import { PagedResults } from '../../../components/PagedResults';
import { StackedTable } from '../../../components/StackedTable';
import { EmptyState } from '../../../components/States';
import {
  buttonPrimary,
  buttonSecondary,
  cardClass,
  linkClass,
  stackActions,
  stackCell,
  stackRow,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useListNewsAdminQuery, useSetNewsPublishedMutation } from '../adminApi';
import { NewsEditor } from '../components/NewsEditor';
import type { NewsArticle, NewsStatus } from '../types';

const PAGE_SIZE = 20;

export default function NewsAdminPage() {
  const { params, page, update } = useListParams();
  const statusParam = params.get('status');
  const status: NewsStatus | '' = statusParam === 'draft' || statusParam === 'published' ? statusParam : '';
  const query = useListNewsAdminQuery({ status, page, page_size: PAGE_SIZE });
  const { data } = query;
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
      <FilterSelect
        id="news-status"
        label="Show"
        allLabel="All articles"
        value={status}
        onChange={(value) => update({ status: value, page: '' })}
        className="mb-4 sm:w-56"
      >
        <option value="draft">Drafts</option>
        <option value="published">Published</option>
      </FilterSelect>
      <PagedResults
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        loadingLabel="Loading articles…"
        errorFallback="Articles could not be loaded."
        empty={<EmptyState title="No articles yet">Use New article to write the first one.</EmptyState>}
        pagesLabel="Article pages"
      >
        <StackedTable
          caption="News articles"
          columns={['Title', 'Status', 'Published', 'Updated', { label: 'Actions', srOnly: true }]}
        >
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
        </StackedTable>
      </PagedResults>
    </div>
  );
}
