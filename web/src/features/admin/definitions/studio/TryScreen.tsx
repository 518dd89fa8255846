// Try with the real questionnaire: the draft runs in the SurveyJS screens a visitor sees (the
// engine's toSurveyJson, the site's theme); the results of the draft and of the published version
// for the same answers stand side by side, differences highlighted. Lazy: SurveyJS loads here.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import { applyDateParts } from '../../../assessment/survey-preview';
import {
  todayIso,
  toSurveyJson,
  type DefinitionTest,
  type ParameterSet,
  type ParameterSetTest,
} from '@reclaim/engine';
import { describeTestCase } from '@reclaim/engine/testing';
import { buttonPrimary, buttonSecondary } from '../../../../components/ui';
import { evaluateLocally, loadLocally } from '../engine-local';
import { Section, TextInput } from './controls';
import type { Draft, UpdateDraft } from './model';
import { TryResults, type Column } from './TryResults';

interface Props {
  draft: Draft;
  update: UpdateDraft;
  parameterSets: ParameterSet[];
  /** Replaces the studio's parameter sets (a test added to an edited set). */
  onParameterSets: (sets: ParameterSet[]) => void;
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

export default function TryScreen({ draft, update, parameterSets, onParameterSets, published }: Props) {
  const questions = draft.questionnaire;
  const [asOf, setAsOf] = useState(todayIso());
  const asOfRef = useRef(asOf);
  useEffect(() => {
    asOfRef.current = asOf;
  }, [asOf]);
  const model = useMemo(() => {
    const m = new Model(
      toSurveyJson({ questionnaire: questions, title: draft.title }, { reviewPage: false }),
    );
    // dates are checked against the assessment date chosen below (a purchase in a future period)
    applyDateParts(m, questions.questions, () => asOfRef.current);
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
  const [saved, setSaved] = useState<{ name: string; kind: 'draft' | 'parameters' } | null>(null);
  // Issue 29 item 5: the run as a test case of the draft, expecting what a client reads (the
  // likelihood, the median value and the approach); named by the adviser or, left blank, by the
  // case's own plain-English sentence.
  const runTest: DefinitionTest | null =
    answers && draftResult
      ? {
          name: testName.trim(),
          answers: { ...answers },
          asOf,
          expect: {
            'eligibility.likelihood': draftResult.eligibility.likelihood,
            'value.estimates.median': draftResult.value.estimates.median,
            'complexity.serviceApproach': draftResult.complexity.serviceApproach,
          },
        }
      : null;
  const runSentence = runTest ? describeTestCase(draft, runTest).sentence : null;
  const addTest = () => {
    if (!runTest || !runSentence) return;
    const test = { ...runTest, name: runTest.name || runSentence };
    update((d) => {
      d.tests.push(test);
    });
    setSaved({ name: test.name, kind: 'draft' });
    setTestName('');
  };

  // Issue 29 §4: parameter sets edited in this studio (not the published objects) take tests of
  // their own. Such a test runs the published definition with the edited values, so it expects
  // what that gives (the draft's column when nothing is published).
  const editedSets = parameterSets.filter(
    (set) =>
      !published?.parameterSets.includes(set) && (draft.parameters ?? []).some((ref) => ref.set === set.id),
  );
  const addParameterTest = async (set: ParameterSet) => {
    if (!runTest || !runSentence || !answers) return;
    const expected = published
      ? (await column('Published', published.definition, parameterSets, answers, asOf)).evaluation
      : draftResult;
    if (!expected) return;
    const test: ParameterSetTest = {
      name: runTest.name || runSentence,
      definition: draft.id,
      answers: { ...answers },
      asOf,
      expect: {
        'eligibility.likelihood': expected.eligibility.likelihood,
        'value.estimates.median': expected.value.estimates.median,
        'complexity.serviceApproach': expected.complexity.serviceApproach,
      },
    };
    onParameterSets(
      parameterSets.map((s) => (s.id === set.id ? { ...s, tests: [...(s.tests ?? []), test] } : s)),
    );
    setSaved({ name: `${test.name}” in the parameters “${set.title}`, kind: 'parameters' });
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
            <div className="space-y-2">
              <p className="text-sm text-ink-700" data-testid="try-test-sentence">
                {runSentence}
              </p>
              <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <TextInput
                  label="Test name (optional: the sentence above when blank)"
                  value={testName}
                  onChange={(v) => {
                    setTestName(v);
                    setSaved(null);
                  }}
                />
                <button type="button" className={buttonPrimary} onClick={addTest}>
                  Save this run as a test
                </button>
              </div>
              {editedSets.map((set) => (
                <button
                  key={set.id}
                  type="button"
                  className={buttonSecondary}
                  onClick={() => void addParameterTest(set)}
                >
                  Save this run as a test of the parameters “{set.title}”
                </button>
              ))}
              {saved ? (
                <p role="status" className="text-sm font-medium text-accent-800">
                  {saved.kind === 'parameters'
                    ? `Saved as a test: “${saved.name}”. Press “Save parameter draft” on the Dated parameters tab to keep it.`
                    : `Saved as a test of the draft: “${saved.name}”. Press “Save draft” to keep it.`}
                </p>
              ) : null}
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
