import { Link, useParams } from 'react-router-dom';
import { FormAlert, applyServerErrors, useAppForm } from '../../../components/form';
import { errorStatus, fieldErrorList } from '../../../lib/api-errors';
import { NewPasswordForm, type NewPasswordValues } from '../NewPasswordForm';
import { useConfirmPasswordResetMutation } from '../auth-api';

type Values = NewPasswordValues;

const LINK_EXPIRED = 'This password reset link is invalid or has expired. Please request a new one.';

export default function PasswordResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const form = useAppForm<Values>({ defaultValues: { new_password: '', confirm_password: '' } });
  const { isSubmitSuccessful } = form.formState;
  const [confirmReset] = useConfirmPasswordResetMutation();

  const onValid = async ({ new_password }: Values) => {
    const result = await confirmReset({ uid, token, new_password });
    if (!('error' in result) || !result.error) return;
    const error = result.error;
    const status = errorStatus(error);
    // The password itself refused (too common…): said beside the field.
    if (status === 400 && fieldErrorList(error).some((e) => e.field === 'new_password')) {
      applyServerErrors(form, error, { fallback: LINK_EXPIRED });
      return;
    }
    const data = 'data' in error ? (error.data as { detail?: unknown } | undefined) : undefined;
    form.setFormError(
      status === 400
        ? typeof data?.detail === 'string' && data.detail !== ''
          ? `${data.detail.trim().replace(/[.\s]+$/, '')}. This link may be invalid, used or expired; please request a new one.`
          : LINK_EXPIRED
        : 'We could not reset your password. Please try again.',
    );
  };

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Choose a new password</h1>
      {isSubmitSuccessful ? (
        <div className="mt-6 space-y-4">
          <div className="alert-success" role="status">
            Your password has been reset. You can now sign in with your new password.
          </div>
          <Link to="/login" className="btn btn-primary w-full">
            Sign in
          </Link>
        </div>
      ) : (
        <>
          <FormAlert form={form} className="mt-4">
            <Link to="/password-reset">Request a new link</Link>
          </FormAlert>
          <NewPasswordForm form={form} onValid={onValid} submitLabel="Reset password" />
        </>
      )}
    </>
  );
}
