import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { makeStore } from '../app/store';
import { startSession } from '../features/auth/token-storage';
import type { User } from '../features/auth/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0001',
    username: 'jane.client',
    display_name: 'Jane Client',
    email: 'jane@example.co.uk',
    avatar: null,
    role: 'CLIENT',
    is_staff: false,
    is_active: true,
    date_joined: '2026-01-05T10:00:00.000Z',
    last_login: '2026-11-20T09:00:00.000Z',
    notification_preferences: { email_claim_updates: true, email_messages: true, email_news: false },
    ...overrides,
  };
}

export const adminUser = (overrides: Partial<User> = {}) =>
  makeUser({
    id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0002',
    username: 'sam.admin',
    display_name: 'Sam Admin',
    email: 'sam@reclaim.example',
    role: 'ADMIN',
    is_staff: true,
    ...overrides,
  });

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Answer = { status?: number; body?: unknown } | undefined;
/** Answers a request; a promise lets a test hold the answer back until it settles it. */
type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

/**
 * Stubs fetch at the network boundary: handlers are keyed "METHOD /path/" and answer JSON.
 * Unknown calls answer 404 so a test notices a call it did not expect.
 */
export function stubFetch(handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = text;
    }
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body,
      headers: request.headers,
    };
    calls.push(recorded);
    const handler = handlers[`${request.method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? await handler(recorded) : handler;
    if (!answer) {
      return new Response(JSON.stringify({ statusCode: 404, message: 'Not Found', detail: 'Not Found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The app calls the API on its own origin (D1) with relative URLs, which a browser resolves
  // against the page; Node's Request needs that base spelled out.
  const NodeRequest = globalThis.Request;
  class PageRelativeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(
        typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input,
        init,
      );
    }
  }
  vi.stubGlobal('Request', PageRelativeRequest);
  return { calls, fetchMock };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders portal routes for a signed-in user, with /login and /unauthorized stand-ins. */
export function renderWithPortal(path: string, user: User | null, routes: RouteObject[]) {
  startSession({ access: 'access-token', refresh: 'refresh-token' }, false);
  const store = makeStore({ session: { status: user ? 'authenticated' : 'unauthenticated', user } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <LocationProbe />
            <Outlet />
          </>
        ),
        children: [
          { path: '/portal', children: routes },
          { path: '/login', element: <h1>Login page</h1> },
          { path: '/unauthorized', element: <h1>Unauthorized page</h1> },
          { path: '/', element: <h1>Website home</h1> },
          { path: '*', element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, store, router };
}

export function page<T>(results: T[], extra: { count?: number; page?: number; page_size?: number } = {}) {
  return {
    results,
    count: extra.count ?? results.length,
    page: extra.page ?? 1,
    page_size: extra.page_size ?? 20,
  };
}
