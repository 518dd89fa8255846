// /assessment/{service}/{assessmentId?} (public) and /assessment/{assessmentId} (login required).
// A small chunk (issue 31): a guest starting a new assessment sees the first question at once,
// rendered from the published definition by FirstStepLite, and can answer it; the questionnaire
// itself (SurveyJS and the engine, ~400 KB compressed, QuestionnaireFull) is fetched only once the
// definition is here, so on a slow network it does not share the line with the first question, and
// takes over with the answer given. Every other visit (a signed-in client, a guest resuming, an
// address with an assessment id) goes straight to the questionnaire.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/Spinner';
import { lazyWithTimeout, loadChunk } from '../../../lib/lazy-with-timeout';
import { hasLiveSession } from '../../auth/token-storage';
import { useGetPublishedDefinitionQuery } from '../assessmentApi';
import { FirstStepLite, liteQuestionOf } from '../components/FirstStepLite';
import { readGuestProgress } from '../lib/guest-storage';
import { isUuid } from '../lib/ids';
import { ASSESSMENT_MESSAGES } from '../messages';
import { loadQuestionnaireFull } from '../questionnaire-chunk';

const QuestionnaireFull = lazyWithTimeout(loadQuestionnaireFull);

/** A new guest assessment of `first`: nothing kept in this browser to resume, no session. */
function startsLight(first: string | undefined, second: string | undefined): first is string {
  if (first === undefined || isUuid(first) || second !== undefined) return false;
  if (hasLiveSession()) return false;
  return readGuestProgress()?.service !== first;
}

export default function QuestionnairePage() {
  const { first, second } = useParams();
  // Decided once: the address gains the new record's id as soon as the questionnaire has it.
  const [lightService] = useState(() => (startsLight(first, second) ? first : null));
  const definition = useGetPublishedDefinitionQuery(lightService ?? '', { skip: lightService === null });
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [advance, setAdvance] = useState(false);
  const onNext = useCallback(() => setAdvance(true), []);
  const [fullReady, setFullReady] = useState(false);

  // The questionnaire's chunk once the first question can show (at once when there is no light step).
  const definitionSettled = definition.isSuccess || definition.isError;
  const startFull = lightService === null || definitionSettled;
  useEffect(() => {
    if (!startFull) return;
    let live = true;
    const ready = () => {
      if (live) setFullReady(true);
    };
    // a failure is the lazy component's to show (its retry throws to the error screen)
    loadChunk(loadQuestionnaireFull).then(ready, ready);
    return () => {
      live = false;
    };
  }, [startFull]);

  const question = lightService !== null ? liteQuestionOf(definition.data?.definition) : null;
  const light =
    lightService !== null && (question !== null || !definitionSettled) ? (
      <FirstStepLite
        serviceType={lightService}
        definitionTitle={definition.data?.definition.title}
        question={question}
        answers={answers}
        onAnswers={setAnswers}
        onNext={onNext}
        advancing={advance}
      />
    ) : null;

  if (!fullReady) return light ?? <PageSpinner label={ASSESSMENT_MESSAGES.loading} />;
  return (
    <QuestionnaireFull
      startAnswers={light ? answers : undefined}
      advance={light ? advance : false}
      loadingView={light ?? undefined}
    />
  );
}
