import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import {
  FormAlert,
  TextAreaField,
  TextField,
  apiRules,
  applyServerErrors,
  useAppForm,
} from '../../../components/form';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { errorStatus } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { MergeField, MessageTemplate, SaveMessageTemplate } from '../types';
import {
  useListMergeFieldsQuery,
  useListMessageTemplatesQuery,
  useSaveMessageTemplateMutation,
} from '../workbenchApi';

/** The editor's fields: the words of a save (SaveMessageTemplateDto), every one as text. */
type Draft = Required<Pick<SaveMessageTemplate, 'name' | 'subject' | 'body'>>;

const RULES = {
  name: apiRules('SaveMessageTemplateDto', 'name'),
  subject: apiRules('SaveMessageTemplateDto', 'subject', { required: 'Enter the subject.' }),
  body: apiRules('SaveMessageTemplateDto', 'body', { required: 'Write the message.' }),
};

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The text with each {{field}} shown as what it stands for, so staff see what a client reads. */
export function previewOf(text: string, fields: readonly MergeField[]): string {
  return text.replace(FIELD, (_whole, name: string) => {
    const field = fields.find((f) => f.name === name);
    return field ? `[${field.description}]` : `[unknown merge field ${name}]`;
  });
}

/** The words for a save refused because someone saved a newer version meanwhile (409). */
export function conflictText(name: string): string {
  return `Someone else saved a newer version of “${name}” while you were editing it, so your change was not saved. Your text is still here: load the newest version to see their words, then make your change on it.`;
}

/**
 * Staff edit the words of the firm's messages (issue 30 §3): each template's version in use, its
 * merge fields and a preview; a save adds the next version (the one being edited is sent as
 * base_version, so a save over someone else's newer version is refused with a 409, never stacked).
 */
export default function MessageTemplatesPage() {
  const templates = useListMessageTemplatesQuery();
  const fields = useListMergeFieldsQuery().data ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  const list = templates.data ?? [];
  const current = list.find((t) => t.key === editing) ?? null;

  return (
    <div>
      <PageHeader
        title="Message templates"
        description="The words of the messages the firm sends. Every save is a new version; messages already sent keep the version they used."
      />
      {templates.isLoading ? (
        <LoadingState label="Loading templates…" />
      ) : templates.isError ? (
        <ErrorState
          error={templates.error}
          fallback="The message templates could not be loaded."
          onRetry={() => void templates.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title="No message templates" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <ul aria-label="Templates" className="space-y-2">
            {list.map((t) => (
              <li key={t.key} className={cardClass}>
                <p className="font-medium text-ink-900">{t.name}</p>
                <p className="text-sm text-ink-600">
                  {`Version ${t.version}${t.created_by ? `, saved by ${t.created_by}` : ''} on ${formatDateTime(t.created_at)}`}
                </p>
                <button
                  type="button"
                  className={`${buttonSecondary} mt-2`}
                  aria-label={`Edit ${t.name}`}
                  onClick={() => setEditing(t.key)}
                >
                  Edit
                </button>
              </li>
            ))}
          </ul>
          {current ? (
            <TemplateEditor
              key={current.key}
              template={current}
              fields={fields}
              onClose={() => setEditing(null)}
            />
          ) : (
            <p className="text-sm text-ink-600">Choose a template to edit its words.</p>
          )}
        </div>
      )}
    </div>
  );
}

function TemplateEditor({
  template,
  fields,
  onClose,
}: {
  template: MessageTemplate;
  fields: readonly MergeField[];
  onClose: () => void;
}) {
  const draftOf = (t: MessageTemplate): Draft => ({ name: t.name, subject: t.subject, body: t.body });
  const form = useAppForm<Draft>({ defaultValues: draftOf(template) });
  // The version this editor's text started from: sent as base_version.
  const [opened, setOpened] = useState(template.version);
  const [save] = useSaveMessageTemplateMutation();
  const draft = form.watch();
  const { isSubmitting } = form.formState;

  const onSave = async (values: Draft) => {
    try {
      const saved = await save({
        key: template.key,
        name: values.name.trim(),
        subject: values.subject.trim(),
        body: values.body,
        base_version: opened,
      }).unwrap();
      setOpened(saved.version);
      form.reset(draftOf(saved));
      toast.success(`${saved.name} saved as version ${saved.version}`);
    } catch (error) {
      if (errorStatus(error) === 409) form.setFormError(conflictText(template.name));
      else applyServerErrors(form, error, { fallback: 'The template could not be saved.' });
    }
  };

  return (
    <form
      aria-label={`Edit ${template.name}`}
      noValidate
      onSubmit={(event) => void form.submit(onSave)(event)}
      className={`${cardClass} space-y-4`}
    >
      <h2 className="text-lg font-semibold text-ink-900">
        {template.name}: editing version {opened}
      </h2>
      <FormAlert form={form} />
      {template.version > opened ? (
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => {
            setOpened(template.version);
            form.reset(draftOf(template));
          }}
        >
          Load the newest version ({template.version})
        </button>
      ) : null}
      <TextField label="Name" {...form.field('name', RULES.name)} />
      <TextField label="Subject" required {...form.field('subject', RULES.subject)} />
      <TextAreaField label="Message" required rows={10} {...form.field('body', RULES.body)} />
      <section aria-label="Merge fields">
        <h3 className="text-sm font-semibold text-ink-900">Merge fields</h3>
        <p className="text-sm text-ink-600">
          Write a field as {'{{field_name}}'}; each message fills it in for its claim.
        </p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {fields.map((f) => (
            <div key={f.name} className="contents">
              <dt className="font-mono text-ink-800">{`{{${f.name}}}`}</dt>
              <dd className="text-ink-600">{f.description}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Preview" className="rounded-md border border-ink-200 bg-ink-50 p-3">
        <h3 className="text-sm font-semibold text-ink-900">Preview</h3>
        <p className="mt-1 text-sm font-medium text-ink-900">{previewOf(draft.subject ?? '', fields)}</p>
        <p className="mt-2 whitespace-pre-wrap text-sm text-ink-700">{previewOf(draft.body ?? '', fields)}</p>
      </section>
      <div className="flex gap-3">
        <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save as a new version'}
        </button>
        <button type="button" className={buttonSecondary} onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
