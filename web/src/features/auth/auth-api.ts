import { api } from '../../app/api';
import type { User } from './types';
import type { Schemas } from '../../app/api-types';

export type LoginRequest = Schemas['LoginDto'];
export type RegisterRequest = Schemas['RegisterDto'];
export type UpdateUserRequest = Schemas['UpdateCurrentUserDto'];

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Answers are checked by the caller (useAuth): a malformed answer has its own message.
    login: build.mutation<unknown, LoginRequest>({
      query: (body) => ({ url: '/auth/login/', method: 'POST', body }),
    }),
    register: build.mutation<unknown, RegisterRequest>({
      query: (body) => ({ url: '/auth/register/', method: 'POST', body }),
    }),
    logout: build.mutation<unknown, { refresh: string }>({
      query: (body) => ({ url: '/auth/logout/', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ detail?: string }, { email: string }>({
      query: (body) => ({ url: '/auth/password-reset/', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<
      { detail?: string },
      { uid: string; token: string; new_password: string }
    >({
      query: (body) => ({ url: '/auth/password-reset/confirm/', method: 'POST', body }),
    }),
    /** Issue 29 §6: an invited staff member sets a password; the account becomes active. */
    acceptInvite: build.mutation<Schemas['AcceptInviteResponse'], Schemas['AcceptInviteDto']>({
      query: (body) => ({ url: '/auth/invite/accept/', method: 'POST', body }),
    }),
    requestLoginLink: build.mutation<{ detail?: string }, { email: string }>({
      query: (body) => ({ url: '/auth/login-link/', method: 'POST', body }),
    }),
    confirmLoginLink: build.mutation<unknown, { uid: string; token: string; remember?: boolean }>({
      query: (body) => ({ url: '/auth/login-link/confirm/', method: 'POST', body }),
    }),
    undoEmailChange: build.mutation<{ detail?: string; email?: string }, { token: string }>({
      query: (body) => ({ url: '/auth/email-change/undo/', method: 'POST', body }),
    }),
    getCurrentUser: build.query<User, void>({
      query: () => '/users/current/',
      providesTags: ['User'],
    }),
    updateCurrentUser: build.mutation<User, UpdateUserRequest>({
      query: (body) => ({ url: '/users/current/', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useAcceptInviteMutation,
  useGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
  useUndoEmailChangeMutation,
  useRequestLoginLinkMutation,
  useConfirmLoginLinkMutation,
} = authApi;
