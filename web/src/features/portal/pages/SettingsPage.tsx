import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { useUpdateCurrentUserMutation } from '../../auth/auth-api';
import { sessionEnded, userUpdated } from '../../auth/session-slice';
import { clearTokens, updateTokens } from '../../auth/token-storage';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../components/PageHeader';
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  cardClass,
  inputClass,
  labelClass,
} from '../components/ui';
import { downloadFile, TransferError } from '../lib/authenticated-transfer';
import { errorMessage, fieldErrors } from '../lib/errors';
import { useRefreshSession } from '../lib/use-refresh-session';
import { useChangePasswordMutation, useDeleteAccountMutation } from '../portalApi';
import type { NotificationPreferences } from '../types';

export const MIN_PASSWORD_LENGTH = 8;

function PasswordForm() {
  const id = useId();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!current) found.current = 'Enter your current password.';
    if (next.length < MIN_PASSWORD_LENGTH) found.next = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    else if (next === current) found.next = 'Choose a password different from the current one.';
    if (confirm !== next) found.confirm = 'The passwords do not match.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await changePassword({ current_password: current, new_password: next }).unwrap();
      // The server signs out other sessions and hands this one fresh tokens.
      if (answer.access) updateTokens({ access: answer.access, refresh: answer.refresh });
      setCurrent('');
      setNext('');
      setConfirm('');
      toast.success('Your password has been changed. Other devices have been signed out.');
    } catch (error) {
      // Shown once, where it belongs: beside the field the server names, else above the form.
      const byField = fieldErrors(error);
      const shown: Record<string, string> = {};
      if (byField.current_password) shown.current = byField.current_password;
      if (byField.new_password) shown.next = byField.new_password;
      if (Object.keys(shown).length === 0)
        shown.form = errorMessage(error, 'Your password could not be changed.');
      setErrors(shown);
      const first = (['current', 'next'] as const).find((name) => shown[name]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    }
  };

  const input = (
    name: 'current' | 'next' | 'confirm',
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        className={inputClass}
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink-900">
        Change password
      </h2>
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      {input('current', 'Current password', current, setCurrent, 'current-password')}
      {input('next', 'New password', next, setNext, 'new-password')}
      {input('confirm', 'Confirm new password', confirm, setConfirm, 'new-password')}
      <button type="submit" className={buttonPrimary} disabled={isLoading}>
        {isLoading ? 'Changing…' : 'Change password'}
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
  const [updateUser, { isLoading }] = useUpdateCurrentUserMutation();
  const [prefs, setPrefs] = useState<NotificationPreferences>(
    user?.notification_preferences ?? DEFAULT_PREFERENCES,
  );

  useEffect(() => {
    if (user?.notification_preferences) setPrefs(user.notification_preferences);
  }, [user?.notification_preferences]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const updated = await updateUser({ notification_preferences: prefs }).unwrap();
      dispatch(userUpdated(updated));
      toast.success('Notification preferences saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update user data'));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <fieldset>
        <legend className="text-lg font-semibold text-ink-900">E-mail notifications</legend>
        <div className="mt-3 space-y-3">
          {PREFERENCES.map((pref) => (
            <div key={pref.key} className="flex items-start gap-3">
              <input
                id={`pref-${pref.key}`}
                type="checkbox"
                checked={prefs[pref.key]}
                onChange={(event) =>
                  setPrefs((current) => ({ ...current, [pref.key]: event.target.checked }))
                }
                aria-describedby={`pref-${pref.key}-hint`}
                className="mt-1 h-4 w-4 rounded border-ink-300 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600"
              />
              <div>
                <label htmlFor={`pref-${pref.key}`} className="text-sm font-medium text-ink-800">
                  {pref.label}
                </label>
                <p id={`pref-${pref.key}-hint`} className="text-xs text-ink-500">
                  {pref.hint}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonPrimary} disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Save preferences'}
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

function DeleteAccount() {
  const id = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    if (!understood) {
      setError('Tick the box to confirm you understand this cannot be undone.');
      return;
    }
    setError(null);
    try {
      await deleteAccount({ password }).unwrap();
      // The server has ended every session; end this one locally too.
      clearTokens();
      dispatch(sessionEnded());
      dispatch(api.util.resetApiState());
      toast.success('Your account has been deleted.');
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, 'Your account could not be deleted.'));
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
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4"
          noValidate
        >
          <div>
            <label htmlFor={`${id}-password`} className={labelClass}>
              Your password
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              className={inputClass}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="flex items-start gap-2">
            <input
              id={`${id}-understood`}
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              className="mt-1 h-4 w-4 focus-visible:ring-2 focus-visible:ring-red-600"
            />
            <label htmlFor={`${id}-understood`} className="text-sm text-ink-800">
              I understand my account is deleted permanently and cannot be restored.
            </label>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonDanger} disabled={isLoading}>
              {isLoading ? 'Deleting…' : 'Delete my account'}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                setOpen(false);
                setPassword('');
                setError(null);
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
