// /portal/assessments/{assessmentId}: the client's assessment inside the portal (questionnaire
// while in progress, results link once submitted).
import { useParams } from 'react-router-dom';
import { QuestionnaireScreen } from '../components/QuestionnaireScreen';
import { AssessmentProvider } from '../state/AssessmentProvider';
import type { LocalAssessmentRecord } from '../types';

const portalPath = (r: LocalAssessmentRecord) => `/portal/assessments/${r.id}`;

export default function PortalAssessmentPage() {
  const { assessmentId } = useParams();
  if (!assessmentId) {
    return (
      <AssessmentProvider pathFor={portalPath}>
        <QuestionnaireScreen />
      </AssessmentProvider>
    );
  }
  return (
    <AssessmentProvider assessmentId={assessmentId} pathFor={portalPath}>
      <QuestionnaireScreen />
    </AssessmentProvider>
  );
}
