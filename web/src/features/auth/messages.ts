// Texts of site spec section 8, verbatim.
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed - please check your credentials',
  invalidResponse: 'Invalid response from server',
  invalidTokenResponse: 'Login failed - invalid token response',
  userFetchFailed: 'Failed to authenticate user',
  profileUpdateFailed: 'Failed to update user data',
  registrationFailed: 'Registration failed. Please try again.',
  noRefreshToken: 'No refresh token available',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  // Not in the site spec (issue 25 §3: the sign-in link by e-mail).
  loginLinkInvalid:
    'This sign-in link is invalid, has expired or has already been used. Ask for a new one on the sign-in page.',
  loginLinkFailed: 'We could not send a sign-in link. Please try again.',
} as const;

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    message: string,
    /** Field messages from the server's validation answer, when it sent some. */
    readonly fieldErrors: { field: string; message: string }[] = [],
    /** The answer's HTTP status, when there was one (429: sign-in is being slowed down). */
    readonly status?: number,
  ) {
    super(message);
  }
}
