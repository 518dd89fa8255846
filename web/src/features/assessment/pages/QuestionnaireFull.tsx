// The questionnaire itself (SurveyJS and the engine, ~400 KB compressed): /assessment/{service}/
// {assessmentId?} (public) and /assessment/{assessmentId} (login required). A service segment is a
// type code; an assessment id is a UUID. QuestionnairePage (a small chunk) loads it.
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ProtectedRoute } from '../../auth/ProtectedRoute';
import { QuestionnaireScreen } from '../components/QuestionnaireScreen';
import { isUuid } from '../lib/ids';
import { AssessmentProvider } from '../state/AssessmentProvider';

export interface QuestionnaireFullProps {
  /** Answers a guest gave on the light first step, taken into a new record. */
  startAnswers?: Record<string, unknown>;
  /** The guest pressed Next on the light first step: go on once the questionnaire is ready. */
  advance?: boolean;
  /** Shown while the record and definition load (the light first step, so nothing moves). */
  loadingView?: ReactNode;
}

export default function QuestionnaireFull({ startAnswers, advance, loadingView }: QuestionnaireFullProps) {
  const { first, second } = useParams();
  if (isUuid(first) && second === undefined) {
    return (
      <ProtectedRoute>
        <AssessmentProvider assessmentId={first}>
          <QuestionnaireScreen />
        </AssessmentProvider>
      </ProtectedRoute>
    );
  }
  return (
    <AssessmentProvider serviceType={first} assessmentId={second} startAnswers={startAnswers}>
      <QuestionnaireScreen advance={advance} loadingView={loadingView} />
    </AssessmentProvider>
  );
}
