/**
 * Which accounts are providers (of an active strategy), by user id, on every node: the order path
 * asks it for each event (does the event go into the copy outbox?), and the mirror for the
 * strategy to copy. Read again whenever a strategy is published or changes status (its bus channel
 * reaches every node); a read that began before such a change is followed by another.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../live/event-bus.js';
import { selectActiveProviders } from './copy.repository.js';

/** Published after a strategy is published or changes status, so every node reads the providers again. */
export const STRATEGIES_CHANNEL = 'copy.strategies';

export class ProviderDirectory {
  private providers = new Map<number, number>();
  private reading: Promise<void> | null = null;
  private again = false;

  constructor(private readonly d: { db: Db; bus: EventBus; log: FastifyBaseLogger }) {}

  /** The active strategy of this provider, if any. */
  strategyOf(userId: number): number | undefined {
    return this.providers.get(userId);
  }

  /** The providers' user ids. */
  userIds(): number[] {
    return [...this.providers.keys()];
  }

  /** Reads them now and again on every change; returns the function that stops listening. */
  listen(): () => void {
    void this.refresh();
    return this.d.bus.subscribe(STRATEGIES_CHANNEL, () => void this.refresh());
  }

  /** Resolves once a read begun after this call has finished. */
  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        try {
          this.providers = await selectActiveProviders(this.d.db.kysely);
        } catch (err) {
          this.d.log.error({ err }, 'copy trading: reading the strategies failed');
        }
      } while (this.again);
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Resolves once no read is in progress. */
  async idle(): Promise<void> {
    while (this.reading) await this.reading;
  }
}
