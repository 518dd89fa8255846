import { Link } from 'react-router-dom';
import { FormAlert, TextField, apiRules, useAppForm } from '../../../components/form';
import { useRequestPasswordResetMutation } from '../auth-api';
import { AUTH_MESSAGES } from '../messages';

export default function PasswordResetPage() {
  const form = useAppForm<{ email: string }>({ defaultValues: { email: '' } });
  const { isSubmitting, isSubmitSuccessful } = form.formState;
  const [requestReset] = useRequestPasswordResetMutation();

  const onValid = async ({ email }: { email: string }) => {
    const result = await requestReset({ email: email.trim() });
    if ('error' in result && result.error)
      form.setFormError('We could not send the reset e-mail. Please try again in a few minutes.');
  };

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Reset your password</h1>
      {isSubmitSuccessful ? (
        <div className="mt-6 space-y-4">
          <div className="alert-success" role="status">
            If an account exists for {form.getValues('email').trim()}, we have sent an e-mail with a link to
            reset your password. The link works once and expires after one hour.
          </div>
          <Link to="/login" className="btn btn-secondary w-full">
            Back to sign in
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-600">
            Enter the e-mail address you use to sign in and we will send you a link to choose a new password.
          </p>
          <FormAlert form={form} className="mt-4" />
          <form noValidate onSubmit={(e) => void form.submit(onValid)(e)} className="mt-6 space-y-5">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.field(
                'email',
                apiRules('PasswordResetDto', 'email', {
                  required: AUTH_MESSAGES.emailRequired,
                  email: 'Please enter a valid email address',
                }),
              )}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send reset link'}
            </button>
          </form>
          <p className="mt-6 text-center text-sm text-ink-600">
            Remembered it? <Link to="/login">Sign in</Link>
          </p>
        </>
      )}
    </>
  );
}
