import { TextField, newPasswordRules, type AppForm } from '../../components/form';
import { PASSWORD_MIN_LENGTH } from '../../lib/validation';

export interface NewPasswordValues {
  new_password: string;
  confirm_password: string;
}

/**
 * A new password typed twice, as a password reset and a staff invitation ask for it: the same
 * rules (length, strength) and the same "Passwords do not match" check, one submit button.
 */
export function NewPasswordForm({
  form,
  onValid,
  submitLabel,
}: {
  form: AppForm<NewPasswordValues>;
  onValid: (values: NewPasswordValues) => Promise<void>;
  submitLabel: string;
}) {
  const { isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={(e) => void form.submit(onValid)(e)} className="mt-6 space-y-5">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('new_password', newPasswordRules())}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('confirm_password', {
          validate: (value, values) => value === values.new_password || 'Passwords do not match',
        })}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
