import { Link, useParams } from 'react-router-dom';
import { FormAlert, applyServerErrors, useAppForm } from '../../../components/form';
import { errorStatus, fieldErrorList } from '../../../lib/api-errors';
import { NewPasswordForm, type NewPasswordValues } from '../NewPasswordForm';
import { useAcceptInviteMutation } from '../auth-api';

type Values = NewPasswordValues;

const LINK_INVALID =
  'This invitation link is invalid, used or expired. Ask the administrator who invited you for a new one.';

/** Issue 29 §6: the invitation link e-mailed to a new staff member (/accept-invite/{uid}/{token}). */
export default function AcceptInvitePage() {
  const { uid = '', token = '' } = useParams();
  const form = useAppForm<Values>({ defaultValues: { new_password: '', confirm_password: '' } });
  const { isSubmitSuccessful } = form.formState;
  const [acceptInvite, { data }] = useAcceptInviteMutation();

  const onValid = async ({ new_password }: Values) => {
    const result = await acceptInvite({ uid, token, new_password });
    if (!('error' in result) || !result.error) return;
    const error = result.error;
    const status = errorStatus(error);
    if (status === 400 && fieldErrorList(error).some((e) => e.field === 'new_password')) {
      applyServerErrors(form, error, { fallback: LINK_INVALID });
      return;
    }
    form.setFormError(status === 400 ? LINK_INVALID : 'We could not set your password. Please try again.');
  };

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Set your password</h1>
      {isSubmitSuccessful && data ? (
        <div className="mt-6 space-y-4">
          <div className="alert-success" role="status">
            Your account is ready. Sign in with {data.email} and your new password.
          </div>
          <Link to="/login" className="btn btn-primary w-full">
            Sign in
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-600">
            You have been invited to Reclaim&apos;s staff. Choose a password to activate your account.
          </p>
          <FormAlert form={form} className="mt-4" />
          <NewPasswordForm form={form} onValid={onValid} submitLabel="Set password" />
        </>
      )}
    </>
  );
}
