import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { PASSWORD_POLICY } from '../../../app/api-constraints.gen';
import { CheckboxField, FormAlert, TextField, applyServerErrors, useAppForm } from '../../../components/form';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { useUpdateCurrentUserMutation } from '../../auth/auth-api';
import { sessionEnded, userUpdated } from '../../auth/session-slice';
import { clearTokens, updateTokens } from '../../auth/token-storage';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../../../components/PageHeader';
import { buttonDanger, buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { downloadFile, TransferError } from '../../../lib/authenticated-transfer';
import { errorMessage } from '../../../lib/errors';
import { useRefreshSession } from '../../../lib/use-refresh-session';
import { useChangePasswordMutation, useDeleteAccountMutation } from '../portalApi';
import type { NotificationPreferences } from '../types';

export const MIN_PASSWORD_LENGTH = PASSWORD_POLICY.minLength;

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const NO_PASSWORDS: PasswordValues = { current_password: '', new_password: '', confirm_password: '' };

function PasswordForm() {
  const id = useId();
  const [changePassword] = useChangePasswordMutation();
  const form = useAppForm<PasswordValues>({ defaultValues: NO_PASSWORDS });
  const { isSubmitting } = form.formState;

  const onValid = async ({ current_password, new_password }: PasswordValues) => {
    try {
      const answer = await changePassword({ current_password, new_password }).unwrap();
      // The server signs out other sessions and hands this one fresh tokens.
      if (answer.access) updateTokens({ access: answer.access, refresh: answer.refresh });
      form.reset(NO_PASSWORDS);
      toast.success('Your password has been changed. Other devices have been signed out.');
    } catch (error) {
      // Shown once, where it belongs: beside the field the server names, else above the form.
      applyServerErrors(form, error, { fallback: 'Your password could not be changed.' });
    }
  };

  return (
    <form
      onSubmit={(event) => void form.submit(onValid)(event)}
      className="space-y-4"
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink-900">
        Change password
      </h2>
      <FormAlert form={form} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('current_password', {
          validate: (v) => v !== '' || 'Enter your current password.',
        })}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('new_password', {
          validate: {
            length: (v) =>
              [...v].length < PASSWORD_POLICY.minLength
                ? `Use at least ${PASSWORD_POLICY.minLength} characters.`
                : [...v].length > PASSWORD_POLICY.maxLength
                  ? `Use at most ${PASSWORD_POLICY.maxLength} characters.`
                  : true,
            different: (v, values) =>
              v !== values.current_password || 'Choose a password different from the current one.',
          },
        })}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirm_password', {
          validate: (v, values) => v === values.new_password || 'The passwords do not match.',
        })}
      />
      <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

const PREFERENCES: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  {
    key: 'email_claim_updates',
    label: 'Claim updates',
    hint: 'An e-mail when an application or claim changes status.',
  },
  { key: 'email_messages', label: 'New messages', hint: 'An e-mail when your adviser writes to you.' },
  { key: 'email_news', label: 'News and insights', hint: 'Occasional e-mails about UK tax relief changes.' },
];

const DEFAULT_PREFERENCES: NotificationPreferences = {
  email_claim_updates: true,
  email_messages: true,
  email_news: false,
};

function NotificationForm() {
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const [updateUser] = useUpdateCurrentUserMutation();
  const form = useAppForm<NotificationPreferences>({
    defaultValues: user?.notification_preferences ?? DEFAULT_PREFERENCES,
  });
  const { isSubmitting } = form.formState;

  const saved = user?.notification_preferences;
  const { reset } = form;
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);

  const onValid = async (prefs: NotificationPreferences) => {
    try {
      const updated = await updateUser({ notification_preferences: prefs }).unwrap();
      dispatch(userUpdated(updated));
      toast.success('Notification preferences saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update user data'));
    }
  };

  return (
    <form onSubmit={(event) => void form.submit(onValid)(event)} className="space-y-4">
      <fieldset>
        <legend className="text-lg font-semibold text-ink-900">E-mail notifications</legend>
        <div className="mt-3 space-y-3">
          {PREFERENCES.map((pref) => (
            <CheckboxField
              key={pref.key}
              id={`pref-${pref.key}`}
              label={<span className="font-medium text-ink-800">{pref.label}</span>}
              hint={pref.hint}
              {...form.field(pref.key)}
            />
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save preferences'}
      </button>
    </form>
  );
}

function DataExport() {
  const refresh = useRefreshSession();
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const date = new Date().toISOString().slice(0, 10);
      await downloadFile('/users/current/export/', `reclaim-data-export-${date}.json`, refresh);
      toast.success('Your data export has been downloaded.');
    } catch (error) {
      toast.error(error instanceof TransferError ? error.message : 'Your data could not be exported.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold text-ink-900">Your data</h2>
      <p className="text-sm text-ink-600">
        Download everything we hold about you — profile, assessments, claims, messages and the list of your
        documents — as a JSON file (your right of access under UK GDPR).
      </p>
      <button type="button" className={buttonSecondary} onClick={() => void onExport()} disabled={busy}>
        {busy ? 'Preparing export…' : 'Download my data'}
      </button>
    </div>
  );
}

interface DeleteValues {
  password: string;
  understood: boolean;
}

function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  // Whether the confirmation form is shown: UI state, not a field.
  const [open, setOpen] = useState(false);
  const form = useAppForm<DeleteValues>({ defaultValues: { password: '', understood: false } });
  const { isSubmitting } = form.formState;

  const onValid = async ({ password }: DeleteValues) => {
    try {
      await deleteAccount({ password }).unwrap();
      // The server has ended every session; end this one locally too.
      clearTokens();
      dispatch(sessionEnded());
      dispatch(api.util.resetApiState());
      toast.success('Your account has been deleted.');
      void navigate('/', { replace: true });
    } catch (caught) {
      applyServerErrors(form, caught, { fallback: 'Your account could not be deleted.' });
    }
  };

  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold text-ink-900">Delete account</h2>
      <p className="text-sm text-ink-600">
        Erases your profile, assessments and messages. Records we must keep by law (for example claims already
        filed with HMRC) are kept but no longer linked to your name or e-mail.
      </p>
      {open ? (
        <form
          onSubmit={(event) => void form.submit(onValid)(event)}
          className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4"
          noValidate
        >
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...form.field('password', { validate: (v) => v !== '' || 'Enter your password to confirm.' })}
          />
          <CheckboxField
            label="I understand my account is deleted permanently and cannot be restored."
            {...form.field('understood', {
              validate: (v) => v || 'Tick the box to confirm you understand this cannot be undone.',
            })}
          />
          <FormAlert form={form} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonDanger} disabled={isSubmitting}>
              {isSubmitting ? 'Deleting…' : 'Delete my account'}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                setOpen(false);
                form.reset();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={buttonDanger} onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      )}
    </div>
  );
}

export default function SettingsPage() {
  return (
    <div>
      <PageHeader title="Settings" description="Security, notifications and your data." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section className={cardClass}>
          <PasswordForm />
        </section>
        <div className="space-y-6">
          <section className={cardClass}>
            <NotificationForm />
          </section>
          <section className={cardClass}>
            <DataExport />
          </section>
          <section className={cardClass}>
            <DeleteAccount />
          </section>
        </div>
      </div>
    </div>
  );
}
