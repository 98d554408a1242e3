/**
 * The price feed contract. The built-in simulator (`simulator.ts`) and the CSV replay
 * (`replay.ts`) implement it; a real liquidity provider adapter would too.
 *
 * Prices are decimal strings at the instrument's `pricePrecision` ("1.16512"); they are never
 * floats at rest. `timeMs` is epoch milliseconds.
 *
 * Public API: `Tick`, `Quote`, `TickListener`, `PriceFeed`, `TickHub` (listener and last-quote
 * bookkeeping shared by implementations).
 */
export interface Tick {
  code: string;
  bid: string;
  ask: string;
  timeMs: number;
}

/** The latest known price of an instrument, also while its market is closed. */
export interface Quote {
  code: string;
  bid: string;
  ask: string;
  time: number;
}

export type TickListener = (tick: Tick) => void;

export interface PriceFeed {
  /** Begins producing ticks; calling it twice is harmless. */
  start(): void;
  /** Stops producing ticks and cancels every timer, so a process or test can exit cleanly. */
  stop(): void;
  /** Returns the function that unsubscribes the listener. */
  onTick(listener: TickListener): () => void;
  quote(code: string): Quote | undefined;
  quotes(): Quote[];
}

/**
 * Delivers ticks to listeners and remembers the last quote per code. A listener that throws is
 * reported through `onListenerError` (pass the app logger; stderr by default) and does not stop
 * the others or the feed.
 */
export class TickHub {
  private readonly listeners = new Set<TickListener>();
  private readonly last = new Map<string, Quote>();

  constructor(private readonly onListenerError: (error: unknown) => void = (e) => console.error(e)) {}

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Records a quote without notifying anyone: the state a feed starts from. */
  setQuote(quote: Quote): void {
    this.last.set(quote.code, quote);
  }

  emit(tick: Tick): void {
    this.last.set(tick.code, { code: tick.code, bid: tick.bid, ask: tick.ask, time: tick.timeMs });
    for (const listener of [...this.listeners]) {
      try {
        listener(tick);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  quote(code: string): Quote | undefined {
    return this.last.get(code);
  }

  quotes(): Quote[] {
    return [...this.last.values()];
  }
}
