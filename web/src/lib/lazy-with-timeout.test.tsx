import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWithTimeout, loadChunk } from './lazy-with-timeout';

function Page() {
  return <p>The page</p>;
}

function show(Lazy: ReturnType<typeof lazyWithTimeout>) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Lazy />
    </Suspense>,
  );
}

describe('loadChunk and lazyWithTimeout', () => {
  it('render a page whose chunk is already fetched in the first pass, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    await loadChunk(load);
    show(lazyWithTimeout(load));
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('show the fallback for a chunk not fetched yet, then the page', async () => {
    let arrive: (module: { default: typeof Page }) => void = () => undefined;
    const load = () => new Promise<{ default: typeof Page }>((resolve) => (arrive = resolve));
    show(lazyWithTimeout(load));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    act(() => arrive({ default: Page }));
    expect(await screen.findByText('The page')).toBeInTheDocument();
  });

  it('fetch a chunk once however many ask, and again after a failure', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Page });
    await expect(Promise.all([loadChunk(load), loadChunk(load)])).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(1);
    const [a, b] = await Promise.all([loadChunk(load), loadChunk(load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
