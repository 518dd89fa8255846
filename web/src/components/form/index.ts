// The app's forms: react-hook-form through useAppForm, the field components that show errors one
// way, one form-level alert, the API's 400 field errors mapped onto fields, and the API's limits.
export {
  CheckboxField,
  FieldError,
  LabelledField,
  SelectField,
  TextAreaField,
  TextField,
  controlProps,
  type ControlProps,
} from './Field';
export { FormAlert } from './FormAlert';
export { apiConstraints, apiRules, isHttpUrl, newPasswordRules, RULE_TEXTS } from './rules';
export { applyServerErrors } from './server-errors';
export { FORM_ERROR, useAppForm, type AppForm } from './use-app-form';
