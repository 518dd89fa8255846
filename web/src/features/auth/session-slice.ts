import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { hasLiveSession } from './token-storage';
import type { AuthStatus, User } from './types';

export interface SessionState {
  status: AuthStatus;
  user: User | null;
}

export function initialSessionState(): SessionState {
  // With stored, unexpired tokens the user is verified against /users/current/ on start.
  return { status: hasLiveSession() ? 'checking' : 'unauthenticated', user: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    verifying(state) {
      state.status = 'checking';
    },
    authenticated(state, action: PayloadAction<User>) {
      state.status = 'authenticated';
      state.user = action.payload;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    sessionEnded(state) {
      state.status = 'unauthenticated';
      state.user = null;
    },
  },
});

export const { verifying, authenticated, userUpdated, sessionEnded } = sessionSlice.actions;

export const selectSession = (state: { session: SessionState }) => state.session;
export const selectCurrentUser = (state: { session: SessionState }) => state.session.user;
