// Try with the real questionnaire: the draft runs in the SurveyJS screens a visitor sees (the
// engine's toSurveyJson, the site's theme); the results of the draft and of the published version
// for the same answers stand side by side, differences highlighted. Lazy: SurveyJS loads here.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import { applyDateParts } from '../../../assessment/survey-preview';
import { todayIso, toSurveyJson, type ParameterSet } from '@reclaim/engine';
import { buttonPrimary, buttonSecondary } from '../../../../components/ui';
import { evaluateLocally, loadLocally } from '../engine-local';
import { Section, TextInput } from './controls';
import type { Draft, UpdateDraft } from './model';
import { TryResults, type Column } from './TryResults';

interface Props {
  draft: Draft;
  update: UpdateDraft;
  parameterSets: ParameterSet[];
  published: { definition: Record<string, unknown>; parameterSets: ParameterSet[] } | undefined;
}

async function column(
  label: string,
  json: unknown,
  sets: ParameterSet[],
  answers: Record<string, unknown>,
  asOf: string,
): Promise<Column> {
  const loaded = loadLocally(json, sets);
  if (!loaded.ok) return { label, error: 'Not valid: see Checks' };
  try {
    return { label, evaluation: await evaluateLocally(loaded.definition, answers, asOf) };
  } catch (error) {
    return { label, error: error instanceof Error ? error.message : 'Failed' };
  }
}

export default function TryScreen({ draft, update, parameterSets, published }: Props) {
  const questions = draft.questionnaire;
  const model = useMemo(() => {
    const m = new Model(
      toSurveyJson({ questionnaire: questions, title: draft.title }, { reviewPage: false }),
    );
    applyDateParts(m, questions.questions);
    m.showTitle = false;
    m.showCompletePage = false;
    m.showProgressBar = 'top';
    m.completeText = 'See results';
    m.textUpdateMode = 'onTyping';
    m.applyTheme({ themeName: 'default', colorPalette: 'light', isPanelless: true });
    return m;
    // The questionnaire only: a scoring edit keeps the answers given so far.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questions]);
  const [answers, setAnswers] = useState<Record<string, unknown> | null>(null);
  const [asOf, setAsOf] = useState(todayIso());
  const [columns, setColumns] = useState<Column[] | null>(null);
  const [testName, setTestName] = useState('');
  const answersRef = useRef<Record<string, unknown>>({});

  useEffect(() => {
    model.data = { ...answersRef.current };
    const onComplete = () => {
      answersRef.current = { ...(model.data as Record<string, unknown>) };
      setAnswers(answersRef.current);
    };
    const onChange = () => {
      answersRef.current = { ...(model.data as Record<string, unknown>) };
    };
    model.onComplete.add(onComplete);
    model.onValueChanged.add(onChange);
    return () => {
      model.onComplete.remove(onComplete);
      model.onValueChanged.remove(onChange);
    };
  }, [model]);

  useEffect(() => {
    if (!answers) return;
    let live = true;
    void (async () => {
      const cols: Column[] = [];
      if (published) {
        const v = (published.definition as { version?: number }).version;
        cols.push(
          await column(
            `Published v${v ?? '?'}`,
            published.definition,
            published.parameterSets,
            answers,
            asOf,
          ),
        );
      }
      cols.push(await column('Draft', draft, parameterSets, answers, asOf));
      if (live) setColumns(cols);
    })();
    return () => {
      live = false;
    };
  }, [answers, asOf, draft, parameterSets, published]);

  const draftResult = columns?.at(-1)?.evaluation;
  const addTest = () => {
    if (!answers || !draftResult || !testName.trim()) return;
    update((d) => {
      d.tests.push({
        name: testName.trim(),
        answers: { ...answers },
        asOf,
        expect: {
          'eligibility.likelihood': draftResult.eligibility.likelihood,
          'eligibility.score': draftResult.eligibility.score,
          'complexity.serviceApproach': draftResult.complexity.serviceApproach,
        },
      });
    });
    setTestName('');
  };

  return (
    <div className="space-y-4">
      <Section
        title="Answer the questionnaire"
        description="The same screens a visitor sees, built from this draft. Finish to compare the results."
      >
        <TextInput label="Assessment date" value={asOf} onChange={setAsOf} className="sm:w-56" />
        <div className="reclaim-survey rounded-lg border border-ink-200" data-testid="try-survey">
          <Survey model={model} />
        </div>
        {answers ? (
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              model.clear(false, true);
              model.data = { ...answersRef.current };
              setColumns(null);
              setAnswers(null);
            }}
          >
            Change the answers
          </button>
        ) : null}
      </Section>
      {columns ? (
        <Section title="Results" description="Highlighted figures differ from the published version.">
          <TryResults columns={columns} />
          {draftResult ? (
            <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <TextInput label="Keep as a test case named" value={testName} onChange={setTestName} />
              <button type="button" className={buttonPrimary} onClick={addTest} disabled={!testName.trim()}>
                Add test case
              </button>
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
