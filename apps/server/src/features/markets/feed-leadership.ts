/**
 * Who produces prices. Exactly one node — the leader — runs the price feed, stores candles and
 * publishes the DAY_MARKET and KLINE frames; in scale-out it also relays every accepted tick over the
 * bus, and the other nodes apply those ticks through the same tick path (same closed-market rules),
 * so quote(), isOpen() and onTick() behave the same on every node. Embedded mode has one node, which
 * always leads, and no relay: ticks never make a bus round trip.
 *
 * Why the leader alone publishes the frames: the gateway's publish already reaches every node's
 * clients through the bus, so one publisher means each client gets each update exactly once with no
 * node-local delivery path; followers serve the subscribe snapshots from their own state, which the
 * relay keeps equal to the leader's (each frame is preceded by the ticks it summarises).
 *
 * Terms and fencing (cluster/lease.ts). Everything a leader sends or stores carries its term and is
 * gated on its lease: a tick from its feed is dropped, a flush sends nothing and a candle write is
 * refused by the database once the lease may have lapsed, so a leader that wakes up from a hang can
 * neither publish nor store. Followers apply only batches of the newest term they know; a leader
 * that sees another node's batch of its own or a newer term logs an error and stands down.
 *
 * Freshness. While a node leads with its lease its prices are current by definition; a follower's are
 * as old as the leader's latest batch (one goes out at every flush, empty or not). `priceAgeMs` is
 * what the stale-price check (MarketService.requireFreshPrice), FEED_STATUS and /healthz report.
 *
 * Transitions run one after another (a flapping election never runs two feeds on one node):
 * - lead: stop applying bus ticks, take over candle writing (see market-takeover.ts), start the
 *   feed of the new term from the last quotes this node has, start the writer and the frames;
 * - step down: stop the feed; on a clean hand-over (the lease still holds) send the last ticks and
 *   frames and store the candles, else drop them (the successor owns them now); follow again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LeaderElection } from '../../cluster/leader.js';
import type { Tx } from '../../db/database.js';
import type { Clock } from './clock.js';
import type { PriceFeed } from './feed.js';
import type { MarketCandles } from './market-candles.js';
import type { MarketFeeds } from './market-feeds.js';
import type { MarketLive } from './market-live.js';
import type { TickPath } from './market-ticks.js';
import type { RelayedBatch, TickRelay } from './tick-relay.js';

export interface FeedLeadershipDeps {
  ticks: TickPath;
  candles: MarketCandles;
  feeds: MarketFeeds;
  election: LeaderElection;
  scaleOut: boolean;
  live: MarketLive | undefined;
  /** Scale-out only. */
  relay: TickRelay | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class FeedLeadership {
  private chain: Promise<void> = Promise.resolve();
  /** Set as a term begins: from then on this node is the source and ignores bus ticks. */
  private source = false;
  /** Set once the feed runs. */
  private leading = false;
  private leadCount = 0;
  /** The term this node leads (or last led) in. */
  private myTerm = 0;
  /** When (this node's clock) the current leader's latest batch arrived; a follower's price age. */
  private heardAt: number | undefined;
  /** Each stale publisher is reported once, not at every batch it sends. */
  private readonly reported = new Set<string>();
  private feed: PriceFeed | undefined;
  private offFeed: (() => void) | undefined;
  private offRelay: (() => void) | undefined;
  private offLeader: (() => void) | undefined;

  constructor(private readonly d: FeedLeadershipDeps) {}

  /** True while this node runs the feed (from the moment it is started). */
  get isLeading(): boolean {
    return this.leading;
  }

  /** How many times this node has become leader (tests check a follower never generated). */
  get leadTerms(): number {
    return this.leadCount;
  }

  /** How old this node's latest word from the feed is, in ms; null before the first. */
  priceAgeMs(): number | null {
    if (this.source && this.d.election.holdsLease()) return 0;
    if (this.heardAt === undefined) return null;
    return Math.max(0, Math.round(this.d.clock.now() - this.heardAt));
  }

  /** Follows (or leads, if already elected); resolves once that first role is in place. */
  async start(): Promise<void> {
    const { relay, election } = this.d;
    this.offRelay = relay?.listen((batch) => this.onBatch(batch));
    this.offLeader = election.onChange((leader) => this.enqueue(leader));
    if (election.isLeader) this.enqueue(true);
    await this.chain;
  }

  async stop(): Promise<void> {
    this.offLeader?.();
    this.offLeader = undefined;
    this.enqueue(false);
    await this.chain;
    this.offRelay?.();
    this.offRelay = undefined;
  }

  private onBatch(batch: RelayedBatch): void {
    const { election, log } = this.d;
    if (this.source && election.holdsLease()) {
      if (batch.term < this.myTerm) {
        this.reportOnce(batch, 'a node that lost its lease still publishes ticks: ignored');
        return;
      }
      // Another node leads in this term or a newer one: two feeds would fork the market.
      log.error(
        { node: batch.node, term: batch.term, ownTerm: this.myTerm },
        'another leader publishes ticks on the bus: standing down',
      );
      election.observeTerm(batch.term);
      election.standDown(`node ${batch.node} publishes ticks of term ${batch.term}`);
      if (batch.term === this.myTerm) return;
    }
    if (batch.term < election.term) {
      this.reportOnce(batch, 'ticks of an older leadership term: ignored');
      return;
    }
    election.observeTerm(batch.term);
    if (this.source && election.holdsLease()) return;
    this.heardAt = this.d.clock.now();
    for (const tick of batch.ticks) this.d.ticks.ingest(tick, 'bus');
  }

  private reportOnce(batch: RelayedBatch, msg: string): void {
    const key = `${batch.node}:${batch.term}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.d.log.error({ node: batch.node, term: batch.term, currentTerm: this.d.election.term }, msg);
  }

  private enqueue(leader: boolean): void {
    this.chain = this.chain
      .then(() => (leader ? this.lead() : this.stepDown()))
      .catch((err: unknown) => this.d.log.error({ err, leader }, 'price feed leadership change failed'));
  }

  private async lead(): Promise<void> {
    const { ticks, candles, feeds, election, scaleOut, live, relay, log } = this.d;
    if (this.source || !election.isLeader) return;
    const term = election.term;
    const fence = (tx: Tx) => election.fence(tx, term);
    // From here on this node is the source: bus ticks (a stale leader's) no longer move its prices.
    this.source = true;
    this.myTerm = term;
    const first = this.leadCount === 0;
    this.leadCount++;
    if (scaleOut) {
      try {
        await candles.takeOver(fence);
      } catch (err) {
        // Prices matter more than the last seconds of a dead leader's candles: lead anyway.
        log.error({ err }, 'taking over candle storage failed');
      }
    }
    let feed: PriceFeed | undefined;
    try {
      feed = await feeds.forTerm(first, term);
    } catch (err) {
      this.source = false;
      throw err;
    }
    this.feed = feed;
    const mayPublish = () => election.holdsLease();
    candles.startStoring(fence);
    relay?.speak(term, mayPublish);
    live?.setPublishing(true, mayPublish);
    this.offFeed = feed?.onTick((tick) => {
      // A leader that hung past its lease drops what its feed made meanwhile, before it learns it lost.
      if (!election.holdsLease()) return;
      const applied = ticks.ingest(tick, 'feed');
      if (!applied || !relay) return;
      relay.add(applied);
      // Without live topics there is no flush timer to ride on: send each tick as it comes.
      if (!live || relay.eachTick) relay.flush();
    });
    feed?.start();
    this.leading = true;
    if (scaleOut) log.info({ term }, 'leading: running the price feed');
  }

  private async stepDown(): Promise<void> {
    if (!this.source) return;
    const { candles, election, live, relay, log } = this.d;
    this.leading = false;
    this.feed?.stop();
    this.offFeed?.();
    this.offFeed = undefined;
    this.feed = undefined;
    // A clean hand-over (shutdown) still holds the lease: the last ticks and frames go out now, so
    // followers (and a successor) end on the last price. A lost lease sends nothing (the gates).
    const handOver = election.holdsLease();
    if (live) live.flush();
    else relay?.flush();
    live?.setPublishing(false);
    relay?.silence();
    await candles.stopStoring(handOver);
    this.source = false;
    if (!handOver) log.warn({ term: this.myTerm }, 'stopped leading: the lease was lost');
  }
}
