import { describe, expect, it } from 'vitest';
import { createSaveQueue } from './save-queue';

/** A send whose attempts the test settles by hand, in any order. */
function manualSend<P>() {
  const sent: P[] = [];
  const finishers: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  const send = (payload: P) =>
    new Promise<void>((resolve, reject) => {
      sent.push(payload);
      finishers.push({ resolve, reject });
    });
  return {
    sent,
    send,
    settle: async (index: number) => {
      finishers[index]?.resolve();
      await flush();
    },
    fail: async (index: number) => {
      finishers[index]?.reject(new Error('network'));
      await flush();
    },
  };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('save queue', () => {
  it('sends a request at once when nothing is in flight', () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('a');
    expect(s.sent).toEqual(['a']);
    expect(queue.busy).toBe(true);
  });

  it('keeps one save in flight; requests made meanwhile send only the latest payload, once', async () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('a');
    void queue.request('b');
    void queue.request('c');
    expect(s.sent).toEqual(['a']);
    await s.settle(0);
    expect(s.sent).toEqual(['a', 'c']);
    await s.settle(1);
    expect(s.sent).toEqual(['a', 'c']);
    expect(queue.busy).toBe(false);
  });

  it('attempts settle in the order they were sent (an older save never lands after a newer one)', async () => {
    const settledOrder: string[] = [];
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('old').then(() => settledOrder.push('old'));
    void queue.request('new').then(() => settledOrder.push('new'));
    // The newer one is not even sent until the older one settled.
    expect(s.sent).toEqual(['old']);
    await s.settle(0);
    await s.settle(1);
    expect(settledOrder).toEqual(['old', 'new']);
  });

  it('a replaced request resolves when the payload that replaced it settles', async () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('a');
    let bDone = false;
    void queue.request('b').then(() => (bDone = true));
    void queue.request('c');
    await s.settle(0);
    expect(bDone).toBe(false);
    await s.settle(1);
    expect(bDone).toBe(true);
  });

  it('a failed (rejected) attempt still lets the waiting payload go', async () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    const first = queue.request('a');
    void queue.request('b');
    await s.fail(0);
    await expect(first).resolves.toBeUndefined();
    expect(s.sent).toEqual(['a', 'b']);
  });

  it('a send that throws synchronously ends its attempt too', async () => {
    const sent: string[] = [];
    const queue = createSaveQueue<string>({
      send: (p) => {
        sent.push(p);
        if (p === 'a') throw new Error('boom');
        return Promise.resolve();
      },
    });
    await queue.request('a');
    await queue.request('b');
    expect(sent).toEqual(['a', 'b']);
    expect(queue.busy).toBe(false);
  });

  it('discardPending drops the waiting payload (the server copy replaced those answers)', async () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('a');
    const dropped = queue.request('b');
    queue.discardPending();
    await expect(dropped).resolves.toBeUndefined();
    await s.settle(0);
    expect(s.sent).toEqual(['a']);
    expect(queue.busy).toBe(false);
  });

  it('suspend waits for the save in flight, drops the waiting one and refuses new ones until resumed', async () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('a');
    void queue.request('b');
    let idle = false;
    void queue.suspend().then(() => (idle = true));
    await flush();
    expect(idle).toBe(false);
    await s.settle(0);
    expect(idle).toBe(true);
    await queue.request('c');
    expect(s.sent).toEqual(['a']);
    queue.resume();
    void queue.request('d');
    expect(s.sent).toEqual(['a', 'd']);
  });

  it('idle waits for the follow-up as well', async () => {
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send });
    void queue.request('a');
    void queue.request('b');
    let idle = false;
    void queue.idle().then(() => (idle = true));
    await s.settle(0);
    expect(idle).toBe(false);
    await s.settle(1);
    expect(idle).toBe(true);
  });

  it('reports busy once per stretch of saving', async () => {
    const changes: boolean[] = [];
    const s = manualSend<string>();
    const queue = createSaveQueue({ send: s.send, onBusyChange: (b) => changes.push(b) });
    void queue.request('a');
    void queue.request('b');
    await s.settle(0);
    await s.settle(1);
    void queue.request('c');
    await s.settle(2);
    expect(changes).toEqual([true, false, true, false]);
  });

  it('each queue keeps its own order', () => {
    const one = manualSend<string>();
    const other = manualSend<string>();
    const a = createSaveQueue({ send: one.send });
    const b = createSaveQueue({ send: other.send });
    void a.request('x');
    void b.request('y');
    expect(one.sent).toEqual(['x']);
    expect(other.sent).toEqual(['y']);
  });
});
