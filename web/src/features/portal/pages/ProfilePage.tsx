import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useAppDispatch } from '../../../app/hooks';
import { useUpdateCurrentUserMutation } from '../../auth/auth-api';
import { userUpdated } from '../../auth/session-slice';
import type { User } from '../../auth/types';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../components/PageHeader';
import { buttonPrimary, cardClass, inputClass, labelClass } from '../components/ui';
import { errorMessage, fieldErrorsOf } from '../lib/errors';
import { formatDate } from '../lib/format';

// Site spec section 8: the profile update failure text.
export const PROFILE_UPDATE_FAILED = 'Failed to update user data';

interface ProfileForm {
  display_name: string;
  username: string;
  email: string;
  avatar: string;
}

function formOf(user: User | null): ProfileForm {
  return {
    display_name: user?.display_name ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    avatar: user?.avatar ?? '',
  };
}

function validate(form: ProfileForm): Partial<Record<keyof ProfileForm, string>> {
  const errors: Partial<Record<keyof ProfileForm, string>> = {};
  if (!form.username.trim()) errors.username = 'Enter a username.';
  else if (!/^[A-Za-z0-9_.@+-]{3,150}$/.test(form.username.trim()))
    errors.username = 'Use 3 to 150 letters, numbers or . _ @ + - characters.';
  if (!form.email.trim()) errors.email = 'Enter your e-mail address.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    errors.email = 'Enter a valid e-mail address.';
  if (form.avatar.trim()) {
    try {
      const url = new URL(form.avatar.trim());
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        errors.avatar = 'Use an http or https address.';
    } catch {
      errors.avatar = 'Enter a full web address, such as https://example.com/me.jpg.';
    }
  }
  if (form.display_name.length > 150) errors.display_name = 'Use at most 150 characters.';
  return errors;
}

export default function ProfilePage() {
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const [updateUser, { isLoading }] = useUpdateCurrentUserMutation();
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [avatarBroken, setAvatarBroken] = useState(false);
  // Changing the e-mail address needs the current password (the API refuses it otherwise).
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const emailChanging = form.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  // The signed-in user changes after a save (or a refresh elsewhere): show what the server holds.
  useEffect(() => {
    setForm(formOf(user));
  }, [user]);

  useEffect(() => setAvatarBroken(false), [form.avatar]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    const needPassword = emailChanging && !currentPassword;
    setErrors(found);
    setPasswordError(needPassword ? 'Enter your current password to change your e-mail address.' : null);
    setFailure(null);
    if (Object.keys(found).length > 0 || needPassword) return;
    try {
      const updated = await updateUser({
        display_name: form.display_name.trim(),
        username: form.username.trim(),
        email: form.email.trim(),
        avatar: form.avatar.trim() || null,
        ...(emailChanging ? { current_password: currentPassword } : {}),
      }).unwrap();
      dispatch(userUpdated(updated));
      setCurrentPassword('');
      toast.success(
        emailChanging
          ? 'Your e-mail address has been changed. We have told your old address, and other devices have been signed out.'
          : 'Your profile has been updated.',
      );
    } catch (error) {
      // A wrong current password is shown once, beside its field.
      const wrongPassword = fieldErrorsOf(error).current_password;
      if (wrongPassword) {
        setPasswordError(wrongPassword);
        setFailure(PROFILE_UPDATE_FAILED);
      } else {
        const detail = errorMessage(error, '');
        setFailure(detail ? `${PROFILE_UPDATE_FAILED}: ${detail}` : PROFILE_UPDATE_FAILED);
      }
      toast.error(PROFILE_UPDATE_FAILED);
    }
  };

  const field = (
    name: keyof ProfileForm,
    label: string,
    type = 'text',
    hint?: string,
    autoComplete?: string,
  ) => (
    <div>
      <label htmlFor={`profile-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`profile-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `profile-${name}-error` : hint ? `profile-${name}-hint` : undefined}
        className={inputClass}
      />
      {hint && !errors[name] ? (
        <p id={`profile-${name}-hint`} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
      {errors[name] ? (
        <p id={`profile-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  const initials = (form.display_name || form.username || 'U').trim().charAt(0).toUpperCase();

  return (
    <div>
      <PageHeader title="Profile" description="The details we use to contact you about your claims." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <section className={`${cardClass} flex flex-col items-center text-center`} aria-label="Your account">
          {form.avatar && !avatarBroken ? (
            <img
              src={form.avatar}
              alt="Your avatar"
              className="h-24 w-24 rounded-full object-cover"
              onError={() => setAvatarBroken(true)}
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-semibold text-brand-800"
            >
              {initials}
            </span>
          )}
          <p className="mt-3 font-semibold text-ink-900">{user?.display_name || user?.username}</p>
          <p className="text-sm text-ink-600">{user?.email}</p>
          <dl className="mt-4 w-full space-y-1 text-left text-sm text-ink-600">
            <div className="flex justify-between gap-2">
              <dt>Member since</dt>
              <dd>{formatDate(user?.date_joined)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>Last sign-in</dt>
              <dd>{formatDate(user?.last_login)}</dd>
            </div>
          </dl>
        </section>
        <form
          className={`${cardClass} space-y-4 lg:col-span-2`}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
        >
          <h2 className="text-lg font-semibold text-ink-900">Edit your details</h2>
          {failure ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {failure}
            </p>
          ) : null}
          {field(
            'display_name',
            'Display name',
            'text',
            'How we greet you in the portal and in e-mails.',
            'name',
          )}
          {field('username', 'Username', 'text', undefined, 'username')}
          {field('email', 'E-mail address', 'email', undefined, 'email')}
          {emailChanging ? (
            <div>
              <label htmlFor="profile-current-password" className={labelClass}>
                Current password
              </label>
              <input
                id="profile-current-password"
                name="current_password"
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={
                  passwordError ? 'profile-current-password-error' : 'profile-current-password-hint'
                }
                className={inputClass}
              />
              {passwordError ? (
                <p id="profile-current-password-error" className="mt-1 text-sm text-red-700">
                  {passwordError}
                </p>
              ) : (
                <p id="profile-current-password-hint" className="mt-1 text-xs text-ink-500">
                  Needed to change your e-mail address. We will send a message to your old address, and other
                  devices will be signed out.
                </p>
              )}
            </div>
          ) : null}
          {field(
            'avatar',
            'Avatar URL',
            'url',
            'Optional: a link to a picture of you or your company logo.',
            'photo',
          )}
          <div className="flex justify-end">
            <button type="submit" className={buttonPrimary} disabled={isLoading}>
              {isLoading ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
