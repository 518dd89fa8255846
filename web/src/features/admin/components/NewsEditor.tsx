import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '../../../lib/toast';
import {
  buttonPrimary,
  buttonSecondary,
  focusRing,
  inputClass,
  labelClass,
} from '../../portal/components/ui';
import { errorMessage } from '../../portal/lib/errors';
import { formatDate } from '../../portal/lib/format';
import { useCreateNewsMutation, useSetNewsPublishedMutation, useUpdateNewsMutation } from '../adminApi';
import type { NewsArticle, NewsInput } from '../types';
import { Markdown } from '../../../lib/markdown';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Draft {
  title: string;
  slug: string;
  summary: string;
  body: string;
  author_name: string;
}

function draftOf(article: NewsArticle | null): Draft {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    summary: article?.summary ?? '',
    body: article?.body ?? '',
    author_name: article?.author ?? '',
  };
}

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(article));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'form', string>>>({});
  const [createNews, create] = useCreateNewsMutation();
  const [updateNews, update] = useUpdateNewsMutation();
  const [setPublished, publishing] = useSetNewsPublishedMutation();
  const saving = create.isLoading || update.isLoading;

  const validate = (): boolean => {
    const found: typeof errors = {};
    if (!draft.title.trim()) found.title = 'Enter a title.';
    if (!draft.summary.trim()) found.summary = 'Enter a one-paragraph summary for the news list.';
    if (!draft.body.trim()) found.body = 'Write the article.';
    if (draft.slug.trim() && !SLUG.test(draft.slug.trim()))
      found.slug = 'Use lower-case words joined by hyphens.';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const save = async (): Promise<NewsArticle | null> => {
    if (!validate()) {
      setTab('write');
      return null;
    }
    const input: NewsInput = {
      title: draft.title.trim(),
      summary: draft.summary.trim(),
      body: draft.body,
      ...(draft.slug.trim() ? { slug: draft.slug.trim() } : {}),
      ...(draft.author_name.trim() ? { author_name: draft.author_name.trim() } : {}),
    };
    try {
      const saved = article
        ? await updateNews({ slug: article.slug, changes: input }).unwrap()
        : await createNews(input).unwrap();
      setDraft(draftOf(saved));
      onSaved(saved);
      return saved;
    } catch (error) {
      const message = errorMessage(error, 'The article could not be saved.');
      setErrors({ form: message }); // announced by the form's alert, not toasted as well
      return null;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save();
    if (saved) toast.success(article ? 'Article saved.' : 'Draft created.');
  };

  const onTogglePublished = async () => {
    const saved = await save();
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

  const field = (
    name: 'title' | 'slug' | 'summary' | 'author_name',
    label: string,
    hint?: string,
    multiline = false,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <textarea
          id={`${id}-${name}`}
          rows={3}
          className={inputClass}
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined}
        />
      ) : (
        <input
          id={`${id}-${name}`}
          className={inputClass}
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined}
        />
      )}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field-error mt-1">
          {errors[name]}
        </p>
      ) : hint ? (
        <p id={`${id}-${name}-hint`} className="field-hint mt-1">
          {hint}
        </p>
      ) : null}
    </div>
  );

  const published = article?.status === 'published';

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
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
      {errors.form ? (
        <p role="alert" className="alert-error">
          {errors.form}
        </p>
      ) : null}
      {field('title', 'Title')}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {field('slug', 'Address (slug)', 'Optional: made from the title when left empty.')}
        {field('author_name', 'Author', 'Optional: shown under the title.')}
      </div>
      {field('summary', 'Summary', 'Shown in the news list and in search results.', true)}
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
        {tab === 'write' ? (
          <div id={`${id}-panel-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`}>
            <label htmlFor={`${id}-body`} className={labelClass}>
              Body (Markdown)
            </label>
            <textarea
              id={`${id}-body`}
              rows={16}
              className={`${inputClass} font-mono`}
              value={draft.body}
              onChange={(event) => setDraft({ ...draft, body: event.target.value })}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={`${id}-body-hint`}
            />
            <p id={`${id}-body-hint`} className={errors.body ? 'field-error mt-1' : 'field-hint mt-1'}>
              {errors.body ??
                '## Heading, **bold**, *italic*, - list items, 1. numbered items, > quotes, [links](https://…).'}
            </p>
          </div>
        ) : (
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
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonSecondary} disabled={saving}>
          {saving ? 'Saving…' : article ? 'Save changes' : 'Save draft'}
        </button>
        <button
          type="button"
          className={buttonPrimary}
          disabled={saving || publishing.isLoading}
          onClick={() => void onTogglePublished()}
        >
          {published ? 'Unpublish' : 'Save and publish'}
        </button>
      </div>
    </form>
  );
}
