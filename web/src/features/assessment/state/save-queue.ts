// The order of save attempts, pure (no React, no timers): one save in flight at a time; requests
// made meanwhile fold into one follow-up that sends only the latest payload; answers replaced
// meanwhile (the server's copy adopted) drop the waiting payload; a submit suspends saving. Because
// attempts never overlap, their answers settle in the order they were sent: an older save can never
// land after a newer one. Whether a settled save makes the progress "saved" is unsaved-changes.ts.

export interface SaveQueue<P> {
  /**
   * Asks for `payload` to be saved: sent now when nothing is in flight, else kept as the one waiting
   * payload (replacing an older waiting one). Resolves when it, or the payload that replaced it, has
   * settled, or when it was dropped.
   */
  request(payload: P): Promise<void>;
  /** Drops the waiting payload (its answers are no longer the local ones). */
  discardPending(): void;
  /** Stops sending (submit): drops the waiting payload, refuses new ones, resolves once idle. */
  suspend(): Promise<void>;
  /** Sends again after `suspend` (the submit failed). */
  resume(): void;
  /** Resolves once nothing is in flight or waiting. */
  idle(): Promise<void>;
  readonly busy: boolean;
}

export interface SaveQueueOptions<P> {
  /** Sends one payload. Reports its own failures: a rejection only ends the attempt. */
  send: (payload: P) => Promise<void>;
  /** Called when the queue starts or stops having a save in flight. */
  onBusyChange?: (busy: boolean) => void;
}

interface Waiting<P> {
  payload: P;
  settled: Array<() => void>;
}

export function createSaveQueue<P>({ send, onBusyChange }: SaveQueueOptions<P>): SaveQueue<P> {
  let inFlight: Promise<void> | null = null;
  let waiting: Waiting<P> | null = null;
  let suspended = false;
  let busy = false;

  const setBusy = (next: boolean) => {
    if (busy === next) return;
    busy = next;
    onBusyChange?.(next);
  };

  const start = ({ payload, settled }: Waiting<P>) => {
    setBusy(true);
    let attempt: Promise<void>;
    try {
      attempt = send(payload);
    } catch {
      // A send that throws at once ends its attempt like one that rejects.
      attempt = Promise.resolve();
    }
    inFlight = attempt
      .catch(() => undefined)
      .then(() => {
        inFlight = null;
        for (const done of settled) done();
        const next = waiting;
        waiting = null;
        // The follow-up starts before this attempt's promise resolves, so `idle` waits for it too.
        if (next) start(next);
        else setBusy(false);
      });
  };

  const dropWaiting = () => {
    const dropped = waiting;
    waiting = null;
    for (const done of dropped?.settled ?? []) done();
  };

  const idle = async () => {
    while (inFlight) await inFlight;
  };

  return {
    request(payload) {
      if (suspended) return Promise.resolve();
      return new Promise<void>((resolve) => {
        if (inFlight === null) {
          start({ payload, settled: [resolve] });
        } else if (waiting) {
          waiting = { payload, settled: [...waiting.settled, resolve] };
        } else {
          waiting = { payload, settled: [resolve] };
        }
      });
    },
    discardPending: dropWaiting,
    suspend() {
      suspended = true;
      dropWaiting();
      return idle();
    },
    resume() {
      suspended = false;
    },
    idle,
    get busy() {
      return busy;
    },
  };
}
