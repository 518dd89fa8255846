import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { ChunkLoadError, importWithTimeout, lazyWithTimeout } from '../lib/lazy-with-timeout';

afterEach(() => vi.useRealTimers());

function Boom(): never {
  throw new Error('kaboom');
}

describe('ErrorBoundary', () => {
  it('names the component, resets, and after 3 errors hides Reset', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <ErrorBoundary component="Users">
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong in Users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Component' }));
    expect(screen.getByText('Something went wrong in Users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Component' }));
    expect(screen.getByText('Critical Error Detected')).toBeInTheDocument();
    expect(screen.getByText(/refresh the page/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Component' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});

describe('lazy chunks', () => {
  it('reject with a ChunkLoadError after the timeout', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => undefined), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('a chunk that fails to load shows the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyWithTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <ErrorBoundary component="News">
        <Suspense fallback={<p>loading</p>}>
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Something went wrong in News')).toBeInTheDocument();
    expect(screen.getByText('Part of the page could not be loaded.')).toBeInTheDocument();
  });
});
