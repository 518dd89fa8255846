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
} as const;

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    message: string,
    /** Field messages from the server's validation answer, when it sent some. */
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}
