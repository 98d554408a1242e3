/**
 * Compliance's holds on an account. Trading holds are kept in memory on every node (the order path
 * asks on each order, so it must not cost a query): loaded at start, and changed on every node by
 * the announcement a change makes on the event bus. Withdrawal holds are read from the database
 * when a withdrawal is asked for (rare, and it must be exact).
 */
import type { EventBus } from '../../live/event-bus.js';
import { selectTradingFrozen } from './desk.repository.js';
import type { Executor } from './staff.repository.js';

export const RESTRICTIONS_CHANNEL = 'staff.restrictions';

interface RestrictionEvent {
  userId: number;
  tradingFrozen: boolean;
}

function isRestrictionEvent(value: unknown): value is RestrictionEvent {
  const v = value as Partial<RestrictionEvent> | null;
  return typeof v?.userId === 'number' && typeof v.tradingFrozen === 'boolean';
}

export class RestrictionBook {
  private readonly frozen = new Set<number>();

  constructor(private readonly bus: EventBus) {}

  async load(db: Executor): Promise<() => void> {
    for (const id of await selectTradingFrozen(db)) this.frozen.add(id);
    return this.bus.subscribe(RESTRICTIONS_CHANNEL, (payload) => {
      if (isRestrictionEvent(payload)) this.apply(payload);
    });
  }

  tradingFrozen(userId: number): boolean {
    return this.frozen.has(userId);
  }

  /** After the change committed: this node at once, the others over the bus. */
  announce(event: RestrictionEvent): void {
    this.apply(event);
    this.bus.publish(RESTRICTIONS_CHANNEL, event);
  }

  private apply(event: RestrictionEvent): void {
    if (event.tradingFrozen) this.frozen.add(event.userId);
    else this.frozen.delete(event.userId);
  }
}
