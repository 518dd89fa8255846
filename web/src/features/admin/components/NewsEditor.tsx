import { useId, useState, type KeyboardEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import {
  FormAlert,
  LabelledField,
  TextAreaField,
  TextField,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
import { buttonPrimary, buttonSecondary, focusRing } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCreateNewsMutation, useSetNewsPublishedMutation, useUpdateNewsMutation } from '../adminApi';
import type { NewsArticle, NewsInput } from '../types';
import { Markdown } from '../../../lib/markdown';
import type { Schemas } from '../../../app/api-types';

/** The editor's fields: every field of a news article's body, as text. */
type Draft = Required<Schemas['CreateNewsDto']>;

function draftOf(article: NewsArticle | null): Draft {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    summary: article?.summary ?? '',
    body: article?.body ?? '',
    author_name: article?.author ?? '',
  };
}

/** The API's limits (CreateNewsDto) in the editor's words. */
const RULES = {
  title: apiRules('CreateNewsDto', 'title', { required: 'Enter a title.' }),
  slug: apiRules('CreateNewsDto', 'slug', { pattern: 'Use lower-case words joined by hyphens.' }),
  author_name: apiRules('CreateNewsDto', 'author_name'),
  summary: apiRules('CreateNewsDto', 'summary', {
    required: 'Enter a one-paragraph summary for the news list.',
  }),
  body: apiRules('CreateNewsDto', 'body', { required: 'Write the article.' }),
};

export function NewsEditor({
  article,
  onSaved,
  onClose,
}: {
  /** null: a new article. */
  article: NewsArticle | null;
  onSaved: (article: NewsArticle) => void;
  onClose: () => void;
}) {
  const id = useId();
  const form = useAppForm<Draft>({ defaultValues: draftOf(article) });
  const draft = form.watch();
  const { isSubmitting } = form.formState;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [createNews] = useCreateNewsMutation();
  const [updateNews] = useUpdateNewsMutation();
  const [setPublished, publishing] = useSetNewsPublishedMutation();
  const saving = isSubmitting;

  const save = async (values: Draft): Promise<NewsArticle | null> => {
    const input: NewsInput = {
      title: values.title.trim(),
      summary: values.summary.trim(),
      body: values.body,
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      ...(values.author_name.trim() ? { author_name: values.author_name.trim() } : {}),
    };
    try {
      const saved = article
        ? await updateNews({ slug: article.slug, changes: input }).unwrap()
        : await createNews(input).unwrap();
      form.reset(draftOf(saved));
      onSaved(saved);
      return saved;
    } catch (error) {
      // Announced by the form's alert (or beside the field the API names), not toasted as well.
      applyServerErrors(form, error, { fallback: 'The article could not be saved.' });
      return null;
    }
  };

  // The body is on the Write tab: show it when its check failed, so the focus can go there.
  const showInvalid = (errors: FieldErrors<Draft>) => {
    if (errors.body) setTab('write');
  };

  const onSave = async (values: Draft) => {
    const saved = await save(values);
    if (saved) toast.success(article ? 'Article saved.' : 'Draft created.');
  };

  const onTogglePublished = async (values: Draft) => {
    const saved = await save(values);
    if (!saved) return;
    const publish = saved.status !== 'published';
    try {
      const result = await setPublished({ slug: saved.slug, published: publish }).unwrap();
      onSaved(result);
      toast.success(publish ? 'Article published on the website.' : 'Article taken off the website.');
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          publish ? 'The article could not be published.' : 'The article could not be unpublished.',
        ),
      );
    }
  };

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next = tab === 'write' ? 'preview' : 'write';
      setTab(next);
      document.getElementById(`${id}-tab-${next}`)?.focus();
    }
  };

  const published = article?.status === 'published';
  const { error: bodyError, ...bodyInput } = form.field('body', RULES.body);

  return (
    <form
      onSubmit={(event) => void form.submit(onSave, showInvalid)(event)}
      className="space-y-4"
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {article ? `Edit: ${article.title}` : 'New article'}
          </h2>
          {article ? (
            <p className="text-sm text-ink-600">
              {published ? `Published ${formatDate(article.published_at)}` : 'Draft — not on the website'} ·
              /news/{article.slug}
            </p>
          ) : null}
        </div>
        <button type="button" className={`${buttonSecondary} btn-sm`} onClick={onClose}>
          Close editor
        </button>
      </div>
      <FormAlert form={form} />
      <TextField id={`${id}-title`} label="Title" {...form.field('title', RULES.title)} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-slug`}
          label="Address (slug)"
          hint="Optional: made from the title when left empty."
          {...form.field('slug', RULES.slug)}
        />
        <TextField
          id={`${id}-author_name`}
          label="Author"
          hint="Optional: shown under the title."
          {...form.field('author_name', RULES.author_name)}
        />
      </div>
      <TextAreaField
        id={`${id}-summary`}
        label="Summary"
        rows={3}
        hint="Shown in the news list and in search results."
        {...form.field('summary', RULES.summary)}
      />
      <div>
        <div role="tablist" aria-label="Article body" className="mb-2 flex gap-1 border-b border-ink-200">
          {(['write', 'preview'] as const).map((name) => (
            <button
              key={name}
              id={`${id}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${id}-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${focusRing} ${
                tab === name
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-ink-600 hover:text-ink-900'
              }`}
            >
              {name === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
        {/* The Write panel stays mounted (hidden) on Preview, so the body is still checked. */}
        <div
          id={`${id}-panel-write`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-write`}
          hidden={tab !== 'write'}
        >
          <LabelledField
            id={`${id}-body`}
            label="Body (Markdown)"
            hint="## Heading, **bold**, *italic*, - list items, 1. numbered items, > quotes, [links](https://…)."
            error={bodyError}
          >
            {(control) => <textarea {...control} rows={16} className="input font-mono" {...bodyInput} />}
          </LabelledField>
        </div>
        {tab === 'preview' ? (
          <div
            id={`${id}-panel-preview`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-preview`}
            tabIndex={0}
            className={`min-h-[12rem] rounded-lg border border-ink-200 bg-white p-4 ${focusRing}`}
          >
            <h1 className="text-2xl font-bold sm:text-3xl">{draft.title || 'Untitled article'}</h1>
            {draft.summary ? <p className="mt-2 text-lg text-ink-600">{draft.summary}</p> : null}
            <div className="mt-6">
              {draft.body.trim() ? (
                <Markdown source={draft.body} />
              ) : (
                <p className="text-ink-500">Nothing written yet.</p>
              )}
            </div>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonSecondary} disabled={saving}>
          {saving ? 'Saving…' : article ? 'Save changes' : 'Save draft'}
        </button>
        <button
          type="button"
          className={buttonPrimary}
          disabled={saving || publishing.isLoading}
          onClick={() => void form.submit(onTogglePublished, showInvalid)()}
        >
          {published ? 'Unpublish' : 'Save and publish'}
        </button>
      </div>
    </form>
  );
}
