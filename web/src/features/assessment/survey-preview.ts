// The questionnaire's look and its date question, for screens outside this feature that show a
// SurveyJS form as a visitor sees it (the studio's previews). The feature's public entry for them.
import './components/survey-theme.css';

export { applyDateParts } from './components/DatePartsQuestion';
