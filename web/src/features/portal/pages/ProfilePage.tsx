import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useAppDispatch } from '../../../app/hooks';
import {
  FormAlert,
  TextField,
  apiConstraints,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
import { useUpdateCurrentUserMutation } from '../../auth/auth-api';
import { userUpdated } from '../../auth/session-slice';
import type { User } from '../../auth/types';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../../../components/PageHeader';
import { buttonPrimary, cardClass } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';

// Site spec section 8: the profile update failure text.
export const PROFILE_UPDATE_FAILED = 'Failed to update user data';

interface ProfileForm {
  display_name: string;
  username: string;
  email: string;
  avatar: string;
  /** Asked for only when the e-mail address changes (the API refuses the change otherwise). */
  current_password: string;
}

function formOf(user: User | null): ProfileForm {
  return {
    display_name: user?.display_name ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    avatar: user?.avatar ?? '',
    current_password: '',
  };
}

function avatarProblem(value: string): string | true {
  if (!value) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? true : 'Use an http or https address.';
  } catch {
    return 'Enter a full web address, such as https://example.com/me.jpg.';
  }
}

const NAME_MAX = apiConstraints('UpdateCurrentUserDto', 'display_name').maxLength;
const USERNAME_MAX = apiConstraints('UpdateCurrentUserDto', 'username').maxLength;
const USERNAME_RULE = `Use 3 to ${USERNAME_MAX} letters, numbers or . _ @ + - characters.`;

/** The API's limits (UpdateCurrentUserDto) in the profile's words. */
const RULES = {
  display_name: apiRules('UpdateCurrentUserDto', 'display_name', {
    maxLength: `Use at most ${NAME_MAX} characters.`,
  }),
  username: apiRules(
    'UpdateCurrentUserDto',
    'username',
    { required: 'Enter a username.', maxLength: USERNAME_RULE },
    { extra: { characters: (v) => /^[A-Za-z0-9_.@+-]{3,}$/.test(v) || USERNAME_RULE } },
  ),
  email: apiRules('UpdateCurrentUserDto', 'email', {
    required: 'Enter your e-mail address.',
    email: 'Enter a valid e-mail address.',
  }),
  avatar: apiRules('UpdateCurrentUserDto', 'avatar', {}, { extra: { url: avatarProblem } }),
};

export default function ProfilePage() {
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const [updateUser] = useUpdateCurrentUserMutation();
  const form = useAppForm<ProfileForm>({ defaultValues: formOf(user) });
  const { isSubmitting } = form.formState;
  const [avatarBroken, setAvatarBroken] = useState(false);
  const [displayName, username, email, avatar] = form.watch(['display_name', 'username', 'email', 'avatar']);
  const changesEmail = (address: string) =>
    address.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const emailChanging = changesEmail(email);

  // The signed-in user changes after a save (or a refresh elsewhere): show what the server holds.
  const { reset } = form;
  useEffect(() => {
    reset(formOf(user));
  }, [user, reset]);

  useEffect(() => setAvatarBroken(false), [avatar]);

  const onValid = async (values: ProfileForm) => {
    const changing = changesEmail(values.email);
    try {
      const updated = await updateUser({
        display_name: values.display_name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        avatar: values.avatar.trim() || null,
        ...(changing ? { current_password: values.current_password } : {}),
      }).unwrap();
      dispatch(userUpdated(updated));
      toast.success(
        changing
          ? 'Your e-mail address has been changed. We have told your old address, and other devices have been signed out.'
          : 'Your profile has been updated.',
      );
    } catch (error) {
      // A field error (a wrong current password) is shown once, beside its field.
      const placed = applyServerErrors(form, error, {
        fallback: PROFILE_UPDATE_FAILED,
        message: PROFILE_UPDATE_FAILED,
      });
      if (!placed) {
        const detail = errorMessage(error, '');
        form.setFormError(detail ? `${PROFILE_UPDATE_FAILED}: ${detail}` : PROFILE_UPDATE_FAILED);
      }
      toast.error(PROFILE_UPDATE_FAILED);
    }
  };

  const initials = (displayName || username || 'U').trim().charAt(0).toUpperCase();

  return (
    <div>
      <PageHeader title="Profile" description="The details we use to contact you about your claims." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <section className={`${cardClass} flex flex-col items-center text-center`} aria-label="Your account">
          {avatar && !avatarBroken ? (
            <img
              src={avatar}
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
          onSubmit={(event) => void form.submit(onValid)(event)}
          noValidate
        >
          <h2 className="text-lg font-semibold text-ink-900">Edit your details</h2>
          <FormAlert form={form} />
          <TextField
            id="profile-display_name"
            label="Display name"
            autoComplete="name"
            hint="How we greet you in the portal and in e-mails."
            {...form.field('display_name', RULES.display_name)}
          />
          <TextField
            id="profile-username"
            label="Username"
            autoComplete="username"
            {...form.field('username', RULES.username)}
          />
          <TextField
            id="profile-email"
            label="E-mail address"
            type="email"
            autoComplete="email"
            {...form.field('email', RULES.email)}
          />
          {emailChanging ? (
            <TextField
              id="profile-current-password"
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="Needed to change your e-mail address. We will send a message to your old address, and other devices will be signed out."
              {...form.field('current_password', {
                validate: (value, values) =>
                  !changesEmail(values.email) ||
                  value !== '' ||
                  'Enter your current password to change your e-mail address.',
              })}
            />
          ) : null}
          <TextField
            id="profile-avatar"
            label="Avatar URL"
            type="url"
            autoComplete="photo"
            hint="Optional: a link to a picture of you or your company logo."
            {...form.field('avatar', RULES.avatar)}
          />
          <div className="flex justify-end">
            <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save changes'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
