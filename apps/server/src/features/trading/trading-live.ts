import { type ForexTradeMessage, TOPIC_FOREX_CLOSED, TOPIC_FOREX_TRADE } from '@meridian/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../live/event-bus.js';
import type { LiveGateway } from '../../live/gateway.js';
import type { TopicRegistry } from '../../live/topics.js';
import {
  BALANCE_EVENTS_CHANNEL,
  isBalanceEvent,
  isOrderEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderRecord,
  STATUS_HOLDING,
} from './model.js';
import { selectUserOrders } from './orders.repository.js';
import { money, presentFigures } from './present.js';
import { closingPriceOf, type Pricing } from './pricing.js';
import type { TradingService } from './trading.service.js';

/** FOREX_TRADE is conflated to this period per user: "a few a second". */
export const FOREX_TRADE_FLUSH_MS = 400;
/** A user without holdings stops being priced after this long without a change. */
const IDLE_DROP_MS = 60_000;

interface Tracked {
  /** null: changed since loaded; reload before the next push. */
  holdings: OrderRecord[] | null;
  freeMicros: number;
  frozenMicros: number;
  /** Frozen for withdrawals not yet paid or returned (left out of the equity and the risk rate). */
  leavingMicros: number;
  /** Push even without holdings (the totals changed: a close, a fill, a cancel). */
  changed: boolean;
  lastChangeAt: number;
}

/**
 * FOREX_TRADE and FOREX_CLOSED. Runs on every node for the sockets it holds: a user is priced only
 * after subscribing to FOREX_TRADE here (the topic's snapshot registers them), and only while the
 * node has subscribers of the topic; a user without holdings is dropped after a quiet minute.
 */
export class TradingLive {
  private readonly tracked = new Map<number, Tracked>();
  private timer: NodeJS.Timeout | undefined;
  private offBus: Array<() => void> = [];
  private flushing = false;

  constructor(
    private readonly deps: {
      db: Db;
      bus: EventBus;
      live: LiveGateway;
      pricing: Pricing;
      service: TradingService;
      log: FastifyBaseLogger;
    },
  ) {}

  register(topics: TopicRegistry): void {
    topics.register({
      name: TOPIC_FOREX_TRADE,
      requiresLogin: true,
      snapshot: async ({ userId }) => {
        if (userId === null) return undefined;
        const id = Number(userId);
        const t = await this.load(id);
        this.tracked.set(id, t);
        return this.message(t);
      },
    });
    topics.register({ name: TOPIC_FOREX_CLOSED, requiresLogin: true });
  }

  start(): void {
    this.offBus = [
      this.deps.bus.subscribe(ORDER_EVENTS_CHANNEL, (payload) => {
        if (!isOrderEvent(payload)) return;
        const t = this.tracked.get(payload.order.userId);
        if (!t) return;
        t.holdings = null;
        t.freeMicros = payload.freeMicros;
        t.frozenMicros = payload.frozenMicros;
        t.changed = true;
        t.lastChangeAt = Date.now();
      }),
      // Money moved outside an order (a withdrawal requested, paid or returned; a copy's funds).
      this.deps.bus.subscribe(BALANCE_EVENTS_CHANNEL, (payload) => {
        if (!isBalanceEvent(payload)) return;
        const t = this.tracked.get(payload.userId);
        if (!t) return;
        t.freeMicros = payload.freeMicros;
        t.frozenMicros = payload.frozenMicros;
        if (payload.leavingMicros !== undefined) t.leavingMicros = payload.leavingMicros;
        t.changed = true;
        t.lastChangeAt = Date.now();
      }),
    ];
    this.timer = setInterval(() => {
      void this.flush();
    }, FOREX_TRADE_FLUSH_MS);
    this.timer.unref();
  }

  stop(): void {
    for (const off of this.offBus) off();
    this.offBus = [];
    if (this.timer) clearInterval(this.timer);
    this.tracked.clear();
  }

  private async load(userId: number): Promise<Tracked> {
    const [holdings, balance] = await Promise.all([
      selectUserOrders(this.deps.db.kysely, userId, [STATUS_HOLDING]),
      this.deps.service.balanceOf(userId),
    ]);
    return {
      holdings,
      freeMicros: balance.freeMicros,
      frozenMicros: balance.frozenMicros,
      leavingMicros: balance.leavingMicros,
      changed: false,
      lastChangeAt: Date.now(),
    };
  }

  private message(t: Tracked): ForexTradeMessage {
    const { pricing, service } = this.deps;
    const holdings = t.holdings ?? [];
    const figures = service.figures(holdings, t.freeMicros, t.frozenMicros);
    return {
      type: TOPIC_FOREX_TRADE,
      code: 1,
      data: {
        ...presentFigures({ ...figures, leavingMicros: t.leavingMicros }),
        orders: holdings.map((o) => {
          const inst = pricing.instrument(o.instrumentId);
          const quote = pricing.quote(inst);
          return {
            Id: o.id,
            Price: closingPriceOf(o.side, quote),
            FactProfits: money(pricing.floating(o, inst, quote)),
          };
        }),
      },
    };
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      if (this.deps.live.subscriberCount(TOPIC_FOREX_TRADE) === 0) {
        this.tracked.clear();
        return;
      }
      const now = Date.now();
      for (const [userId, t] of [...this.tracked]) {
        let holdings = t.holdings;
        if (holdings === null) {
          const fresh = await this.load(userId);
          holdings = fresh.holdings ?? [];
          t.holdings = holdings;
          t.freeMicros = fresh.freeMicros;
          t.frozenMicros = fresh.frozenMicros;
        }
        if (holdings.length === 0 && !t.changed) {
          if (now - t.lastChangeAt > IDLE_DROP_MS) this.tracked.delete(userId);
          continue;
        }
        t.changed = false;
        this.deps.live.sendToUser(userId, this.message(t), TOPIC_FOREX_TRADE);
      }
    } catch (err) {
      this.deps.log.error({ err }, 'FOREX_TRADE push failed');
    } finally {
      this.flushing = false;
    }
  }
}
