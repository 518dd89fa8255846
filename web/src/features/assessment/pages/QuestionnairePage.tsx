// /assessment/{service}/{assessmentId?} (public) and /assessment/{assessmentId} (login required).
// A service segment is a type code; an assessment id is a UUID.
import { useParams } from 'react-router-dom';
import { ProtectedRoute } from '../../auth/ProtectedRoute';
import { QuestionnaireScreen } from '../components/QuestionnaireScreen';
import { isUuid } from '../lib/ids';
import { AssessmentProvider } from '../state/AssessmentProvider';

export default function QuestionnairePage() {
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
    <AssessmentProvider serviceType={first} assessmentId={second}>
      <QuestionnaireScreen />
    </AssessmentProvider>
  );
}
