// Questions: add, reorder, edit text, type, options, hint and optional; when a question is shown
// (visual condition builder); a preview in the real SurveyJS renderer (lazy: SurveyJS loads with
// the preview only).
import { Suspense, lazy, useState } from 'react';
import type { Question } from '@reclaim/engine';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../../components/ui';
import { ConditionBuilder } from './ConditionBuilder';
import { CheckInput, Section, SelectInput, TextArea, TextInput, move } from './controls';
import {
  QUESTION_TYPES,
  YES_NO,
  newQuestionId,
  questionConditionFields,
  type Draft,
  type UpdateDraft,
} from './model';

const QuestionPreview = lazy(() => import('./QuestionPreview'));

type NewType = Question['type'] | 'yesno';
const NEW_TYPES: { value: NewType; label: string }[] = [
  { value: 'yesno', label: 'Yes / No' },
  ...QUESTION_TYPES,
];
const HAS_OPTIONS = new Set<Question['type']>(['radio', 'select', 'checkbox']);

function OptionsEditor({
  question,
  index,
  update,
}: {
  question: Question;
  index: number;
  update: UpdateDraft;
}) {
  const options = question.options ?? [];
  const yesNo = options.some((o) => typeof o.value === 'boolean');
  const edit = (recipe: (q: Question) => void) =>
    update((d) => {
      const q = d.questionnaire.questions[index];
      if (q) recipe(q);
    });
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">Answer options</p>
      {yesNo ? (
        <p className="text-sm text-ink-600">Yes / No (stored as yes or no).</p>
      ) : (
        <table className="table" aria-label={`Options of ${question.question}`}>
          <thead>
            <tr>
              <th scope="col">Shown as</th>
              <th scope="col">Stored as</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {options.map((o, i) => (
              <tr key={i}>
                <td>
                  <TextInput
                    hideLabel
                    label={`Option ${i + 1} label`}
                    value={o.label}
                    onChange={(v) =>
                      edit((q) => {
                        q.options![i]!.label = v;
                      })
                    }
                  />
                </td>
                <td>
                  <TextInput
                    hideLabel
                    mono
                    label={`Option ${i + 1} stored value`}
                    value={String(o.value)}
                    onChange={(v) =>
                      edit((q) => {
                        q.options![i]!.value = v;
                      })
                    }
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className={buttonSecondary}
                    onClick={() => edit((q) => void q.options!.splice(i, 1))}
                    aria-label={`Remove option ${o.label || i + 1}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!yesNo ? (
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            edit((q) => {
              q.options = [
                ...(q.options ?? []),
                { value: `Option ${options.length + 1}`, label: `Option ${options.length + 1}` },
              ];
            })
          }
        >
          Add option
        </button>
      ) : null}
    </div>
  );
}

function QuestionForm({ draft, index, update }: { draft: Draft; index: number; update: UpdateDraft }) {
  const question = draft.questionnaire.questions[index]!;
  const count = draft.questionnaire.questions.length;
  const [preview, setPreview] = useState(false);
  const edit = (recipe: (q: Question) => void) =>
    update((d) => {
      const q = d.questionnaire.questions[index];
      if (q) recipe(q);
    });
  const readers = draft.inputs.filter((i) => 'from' in i && i.from === question.id).map((i) => i.name);
  return (
    <div className="space-y-4" data-testid="question-form">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-xs text-ink-500">id {question.id}</p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSecondary}
            disabled={index === 0}
            onClick={() => update((d) => move(d.questionnaire.questions, index, -1))}
          >
            Move up
          </button>
          <button
            type="button"
            className={buttonSecondary}
            disabled={index === count - 1}
            onClick={() => update((d) => move(d.questionnaire.questions, index, 1))}
          >
            Move down
          </button>
          <button
            type="button"
            className={buttonDanger}
            onClick={() =>
              update((d) => {
                d.questionnaire.questions.splice(index, 1);
                // Its own answer input goes with it.
                d.inputs = d.inputs.filter(
                  (i) => !(i.kind === 'answer' && i.from === question.id && i.name === question.id),
                );
              })
            }
          >
            Delete question
          </button>
        </div>
      </div>
      <TextArea
        label="Question text"
        value={question.question}
        onChange={(v) => edit((q) => void (q.question = v))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectInput
          label="Answer type"
          value={question.type}
          options={QUESTION_TYPES}
          onChange={(v) =>
            edit((q) => {
              q.type = v;
              if (HAS_OPTIONS.has(v) && !q.options) q.options = [];
              if (!HAS_OPTIONS.has(v)) delete q.options;
            })
          }
        />
        <TextInput
          label="Section (step title)"
          value={question.section ?? ''}
          onChange={(v) =>
            edit((q) => {
              if (v) q.section = v;
              else delete q.section;
            })
          }
        />
      </div>
      <TextArea
        label="Hint shown under the question"
        value={question.description ?? ''}
        onChange={(v) =>
          edit((q) => {
            if (v) q.description = v;
            else delete q.description;
          })
        }
      />
      <CheckInput
        label="Optional (the visitor may skip it)"
        checked={question.optional === true}
        onChange={(v) =>
          edit((q) => {
            if (v) q.optional = true;
            else delete q.optional;
          })
        }
      />
      {HAS_OPTIONS.has(question.type) ? (
        <OptionsEditor question={question} index={index} update={update} />
      ) : null}
      <ConditionBuilder
        loose
        defaultOpen
        legend="Show this question only when"
        fields={questionConditionFields(draft, index)}
        condition={question.condition}
        onChange={(condition) =>
          edit((q) => {
            if (condition) q.condition = condition;
            else delete q.condition;
          })
        }
      />
      <p className="text-sm text-ink-600">
        {readers.length > 0
          ? `Rules read this answer as: ${readers.join(', ')}.`
          : 'No input reads this answer yet: rules cannot use it.'}
      </p>
      <div>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => setPreview((p) => !p)}
          aria-expanded={preview}
        >
          {preview ? 'Hide preview' : 'Preview'}
        </button>
        {preview ? (
          <Suspense fallback={<p className="text-sm">Loading the questionnaire renderer…</p>}>
            <QuestionPreview question={question} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

function AddQuestion({
  draft,
  update,
  onAdded,
}: {
  draft: Draft;
  update: UpdateDraft;
  onAdded: (index: number) => void;
}) {
  const [text, setText] = useState('');
  const [type, setType] = useState<NewType>('yesno');
  const add = () => {
    if (!text.trim()) return;
    const id = newQuestionId(draft, text);
    const question: Question =
      type === 'yesno'
        ? { id, question: text.trim(), type: 'radio', options: YES_NO.map((o) => ({ ...o })) }
        : { id, question: text.trim(), type, ...(HAS_OPTIONS.has(type) ? { options: [] } : {}) };
    const index = draft.questionnaire.questions.length;
    update((d) => {
      d.questionnaire.questions.push(question);
      // Rules read inputs: the new answer becomes one under the same name.
      d.inputs.push({ name: id, description: text.trim(), kind: 'answer', from: id });
    });
    setText('');
    onAdded(index);
  };
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
      <TextInput label="New question text" value={text} onChange={setText} />
      <SelectInput label="New question type" value={type} options={NEW_TYPES} onChange={setType} />
      <button type="button" className={buttonPrimary} onClick={add} disabled={!text.trim()}>
        Add question
      </button>
    </div>
  );
}

export default function QuestionsScreen({ draft, update }: { draft: Draft; update: UpdateDraft }) {
  const questions = draft.questionnaire.questions;
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(questions.length - 1, 0));
  return (
    <div className="space-y-4">
      <Section title="Add a question">
        <AddQuestion draft={draft} update={update} onAdded={setSelected} />
      </Section>
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <nav aria-label="Questions in order" className="card p-3">
          <ol className="space-y-1">
            {questions.map((q, i) => (
              <li key={q.id}>
                <button
                  type="button"
                  className={`w-full rounded-md px-2 py-1.5 text-left text-sm ${i === index ? 'bg-brand-50 font-semibold text-brand-800' : 'hover:bg-ink-50'}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setSelected(i)}
                >
                  {i + 1}. {q.question || q.id}
                  {q.condition ? (
                    <span className="block text-xs font-normal text-ink-600">shown only sometimes</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <Section title={questions[index] ? `Question ${index + 1}` : 'No questions'}>
          {questions[index] ? (
            <QuestionForm key={questions[index].id} draft={draft} index={index} update={update} />
          ) : null}
        </Section>
      </div>
    </div>
  );
}
