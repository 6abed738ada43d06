import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Lifecycle } from './lifecycle';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; every payload stays below this. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

/**
 * A channel's name and the check that turns one received item back into its type (undefined drops it: the
 * payload came from another version or was forged). Messages carry ids, not documents.
 */
export interface ChannelDefinition<T> {
  name: string;
  parse(item: unknown): T | undefined;
  /** Whether this instance's own messages are skipped when they come back (default false). */
  skipOwn?: boolean;
}

export function defineChannel<T>(definition: ChannelDefinition<T>): ChannelDefinition<T> {
  return definition;
}

export interface BusChannel<T> {
  readonly name: string;
  /**
   * Queues a message; everything published on the channel in one event-loop turn leaves together, in as few
   * payloads as the size limit allows. Resolves once its payload was sent (never rejects: failures are
   * logged), so a short-lived process (the admin CLI) can wait for it.
   */
  publish(message: T): Promise<void>;
  /** `publish` for several messages at once (one promise for all). */
  publishMany(messages: readonly T[]): Promise<void>;
  /** Receives batches of messages (from every instance, own ones too unless `skipOwn`). */
  subscribe(listener: (messages: T[]) => void | Promise<void>): Promise<() => Promise<void>>;
}

interface Pending {
  parts: string[];
  done: Array<() => void>;
}

/** A message that cannot fit one NOTIFY is a programming error (send ids, not documents). */
export class MessageTooLargeError extends Error {
  constructor(channel: string, size: number) {
    super(`a message on ${channel} is ${size} bytes: too large for one notification`);
  }
}

/**
 * One typed, batched NOTIFY channel abstraction over `database.notify/listen`. Wire format per payload:
 * `{"i":"<instance>","m":[message,...]}`; the instance id lets a channel skip its own messages without parsing
 * them. Listener errors are logged, never thrown into the database driver.
 */
export class Bus {
  readonly instanceId: string;
  private readonly pending = new Map<string, Pending>();
  /** A send is queued for the end of this event-loop turn (or behind the one in flight). */
  private scheduled = false;
  /**
   * At most one send in flight: what is published meanwhile waits and leaves together with everything else
   * queued by then, so a busy server sends fewer, fuller notifications instead of one per turn.
   */
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly database: Pick<Database, 'notify' | 'notifyAll' | 'listen'>,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    options: { instanceId?: string } = {},
  ) {
    this.instanceId = options.instanceId ?? crypto.randomUUID();
  }

  channel<T>(definition: ChannelDefinition<T>): BusChannel<T> {
    return {
      name: definition.name,
      publish: (message) => this.publish(definition.name, [message]),
      publishMany: (messages) => this.publish(definition.name, messages),
      subscribe: (listener) => this.subscribe(definition, listener),
    };
  }

  /** Sends everything queued now (shutdown, tests); resolves when it has been sent. */
  flush(): Promise<void> {
    this.inFlight = this.inFlight
      .then(() => this.sendPending())
      .catch((error: unknown) => this.log.error({ err: error }, 'bus: sending failed'));
    return this.inFlight;
  }

  private async sendPending(): Promise<void> {
    this.scheduled = false;
    const batches = [...this.pending.entries()];
    this.pending.clear();
    if (batches.length > 1 && this.database.notifyAll && !this.closed) {
      // Every channel's payloads in one statement: one round trip per turn rather than one per channel.
      try {
        const notes = batches.flatMap(([channel, pending]) =>
          packPayloads(this.head(), pending.parts).map((payload) => ({ channel, payload })),
        );
        await this.database.notifyAll(notes).catch((error: unknown) => {
          this.log.error(
            { err: error, channels: batches.map(([channel]) => channel) },
            'bus: publishing failed',
          );
        });
      } finally {
        for (const [, pending] of batches) for (const resolve of pending.done) resolve();
      }
      return;
    }
    await Promise.all(batches.map(([channel, pending]) => this.send(channel, pending)));
  }

  /** Stopped last (pushed first): what domains published while stopping still leaves. */
  readonly lifecycle: Lifecycle = {
    name: 'bus',
    start: () => {
      this.closed = false;
    },
    stop: async () => {
      await this.flush();
      this.closed = true;
    },
  };

  private publish(channel: string, messages: readonly unknown[]): Promise<void> {
    const parts = messages.map((message) => JSON.stringify(message));
    const empty = Buffer.byteLength(this.head()) + 2;
    for (const part of parts) {
      const size = Buffer.byteLength(part) + empty;
      if (size > NOTIFY_PAYLOAD_LIMIT) throw new MessageTooLargeError(channel, size);
    }
    let pending = this.pending.get(channel);
    if (!pending) {
      pending = { parts: [], done: [] };
      this.pending.set(channel, pending);
    }
    for (const part of parts) pending.parts.push(part);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    const sent = new Promise<void>((resolve) => pending.done.push(resolve));
    return sent;
  }

  private head(): string {
    return `{"i":${JSON.stringify(this.instanceId)},"m":[`;
  }

  private async send(channel: string, pending: Pending): Promise<void> {
    try {
      if (this.closed) {
        this.log.warn({ channel, count: pending.parts.length }, 'bus closed: messages not sent');
        return;
      }
      for (const payload of packPayloads(this.head(), pending.parts)) {
        await this.database.notify(channel, payload).catch((error: unknown) => {
          this.log.error({ err: error, channel }, 'bus: publishing failed');
        });
      }
    } finally {
      for (const resolve of pending.done) resolve();
    }
  }

  private async subscribe<T>(
    definition: ChannelDefinition<T>,
    listener: (messages: T[]) => void | Promise<void>,
  ): Promise<() => Promise<void>> {
    const own = this.head();
    return this.database.listen(definition.name, (payload) => {
      if (definition.skipOwn && payload.startsWith(own)) return;
      const messages = this.decode(definition, payload);
      if (messages.length === 0) return;
      try {
        Promise.resolve(listener(messages)).catch((error: unknown) =>
          this.log.error({ err: error, channel: definition.name }, 'bus: a listener failed'),
        );
      } catch (error) {
        this.log.error({ err: error, channel: definition.name }, 'bus: a listener failed');
      }
    });
  }

  private decode<T>(definition: ChannelDefinition<T>, payload: string): T[] {
    let envelope: { i?: unknown; m?: unknown };
    try {
      envelope = JSON.parse(payload) as typeof envelope;
    } catch {
      this.log.warn({ channel: definition.name }, 'bus: ignored a malformed notification');
      return [];
    }
    if (!envelope || !Array.isArray(envelope.m)) return [];
    if (definition.skipOwn && envelope.i === this.instanceId) return [];
    const messages: T[] = [];
    for (const item of envelope.m as unknown[]) {
      const parsed = definition.parse(item);
      if (parsed !== undefined) messages.push(parsed);
    }
    return messages;
  }
}

/** Joins serialised messages into payloads `head + parts + "]}"`, each below the byte limit, order kept. */
export function packPayloads(head: string, parts: readonly string[], limit = NOTIFY_PAYLOAD_LIMIT): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  const empty = Buffer.byteLength(head) + 2;
  let size = empty;
  for (const part of parts) {
    const bytes = Buffer.byteLength(part);
    if (batch.length > 0 && size + bytes + 1 > limit) {
      payloads.push(`${head}${batch.join(',')}]}`);
      batch = [];
      size = empty;
    }
    batch.push(part);
    size += bytes + 1;
  }
  if (batch.length > 0) payloads.push(`${head}${batch.join(',')}]}`);
  return payloads;
}
