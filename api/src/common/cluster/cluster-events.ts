import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Client, type Notification } from 'pg';
import { AppConfig } from '../../config/config';

export const CLUSTER_CHANNEL = 'reclaim_events';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** Events that reach every instance; handlers also run on the one that published. */
export type ClusterEvent =
  { type: 'definitions.changed' } | { type: 'job.cancel'; queue: string; id: string };

type Handler = (event: ClusterEvent) => void;

interface Envelope {
  origin: string;
  event: ClusterEvent;
}

/**
 * Signals between API instances (SECURITY row 32). PostgreSQL: NOTIFY on one channel, every
 * instance LISTENs on a dedicated `pg` connection that reconnects by itself; after a reconnect
 * subscribers are told (`onResync`) so they can drop whatever a missed event would have changed.
 * SQLite (one process): the handlers are simply called.
 */
@Injectable()
export class ClusterEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ClusterEvents.name);
  private readonly origin = randomUUID();
  private readonly handlers = new Set<Handler>();
  private readonly resyncHandlers = new Set<() => void>();
  private client: Client | null = null;
  private stopped = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private listening: Promise<void> | null = null;
  private connectedBefore = false;

  constructor(
    private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  get distributed(): boolean {
    return this.config.database.driver === 'postgresql';
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Called after the listening connection was lost and is back: events may have been missed. */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  /** Runs the handlers here at once, and on every other instance when the NOTIFY arrives. */
  async publish(event: ClusterEvent): Promise<void> {
    this.dispatch(event);
    if (!this.distributed) return;
    const envelope: Envelope = { origin: this.origin, event };
    await this.orm.em
      .getConnection()
      .execute('select pg_notify(?, ?)', [CLUSTER_CHANNEL, JSON.stringify(envelope)]);
  }

  /** Resolves once this instance listens (tests wait for it before publishing elsewhere). */
  ready(): Promise<void> {
    return this.listening ?? Promise.resolve();
  }

  onApplicationBootstrap(): Promise<void> {
    if (!this.distributed) return Promise.resolve();
    this.listening = this.connect();
    return this.listening;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  private dispatch(event: ClusterEvent): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (err) {
        this.logger.error({ err, event: event.type }, 'cluster event handler failed');
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.config.database.url ?? undefined,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    client.on('notification', (message: Notification) => this.receive(message));
    client.on('error', (err: Error) => {
      this.logger.warn(`cluster listener connection failed: ${err.message}`);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CLUSTER_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(
        `cannot listen for cluster events yet: ${err instanceof Error ? err.message : String(err)}`,
      );
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    if (this.connectedBefore) for (const handler of this.resyncHandlers) handler();
    this.connectedBefore = true;
  }

  private lost(client: Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    // Anything published while we were away is unknown: resync now and again once back.
    for (const handler of this.resyncHandlers) handler();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private receive(message: Notification): void {
    if (message.channel !== CLUSTER_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return;
    }
    // Our own notifications: the handlers already ran when we published.
    if (envelope.origin === this.origin) return;
    this.dispatch(envelope.event);
  }
}
