/**
 * Who produces prices. Exactly one node — the leader — runs the price feed, stores candles and
 * publishes the DAY_MARKET and KLINE frames; in scale-out it also relays every accepted tick over the
 * bus, and the other nodes apply those ticks to their own MarketService (same closed-market rules),
 * so quote(), isOpen() and onTick() behave the same on every node. Embedded mode has one node, which
 * always leads, and no relay: ticks never make a bus round trip.
 *
 * Why the leader alone publishes the frames: the gateway's publish already reaches every node's
 * clients through the bus, so one publisher means each client gets each update exactly once with no
 * node-local delivery path; followers serve the subscribe snapshots from their own state, which the
 * relay keeps equal to the leader's (each frame is preceded by the ticks it summarises).
 *
 * Transitions run one after another (a flapping election never runs two feeds on one node):
 * - lead: stop applying bus ticks, take over candle writing (see market-takeover.ts), start the
 *   feed from the last quotes this node has, start the writer and the frames;
 * - step down: stop the feed, send the last ticks and frames, store the candles, follow again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster.js';
import type { CandleWriter } from './candle-writer.js';
import type { PriceFeed } from './feed.js';
import type { MarketService } from './market.service.js';
import type { MarketLive } from './market-live.js';
import type { TickRelay } from './tick-relay.js';

export interface FeedLeadershipDeps {
  markets: MarketService;
  cluster: Cluster;
  writer: CandleWriter;
  live: MarketLive | undefined;
  /** Scale-out only. */
  relay: TickRelay | undefined;
  log: FastifyBaseLogger;
}

export class FeedLeadership {
  private chain: Promise<void> = Promise.resolve();
  /** Set as a term begins: from then on this node is the source and ignores bus ticks. */
  private source = false;
  /** Set once the feed runs. */
  private leading = false;
  private leadCount = 0;
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

  /** Follows (or leads, if already elected); resolves once that first role is in place. */
  async start(): Promise<void> {
    const { relay, markets, cluster } = this.d;
    this.offRelay = relay?.listen((tick) => {
      if (!this.source) markets.ingest(tick, 'bus');
    });
    this.offLeader = cluster.leader.onChange((leader) => this.enqueue(leader));
    if (cluster.leader.isLeader) this.enqueue(true);
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

  private enqueue(leader: boolean): void {
    this.chain = this.chain
      .then(() => (leader ? this.lead() : this.stepDown()))
      .catch((err: unknown) => this.d.log.error({ err, leader }, 'price feed leadership change failed'));
  }

  private async lead(): Promise<void> {
    if (this.source) return;
    const { markets, cluster, writer, live, relay } = this.d;
    // From here on this node is the source: bus ticks (a stale leader's) no longer move its prices.
    this.source = true;
    const first = this.leadCount === 0;
    this.leadCount++;
    if (cluster.scaleOut) {
      try {
        await markets.takeOver();
      } catch (err) {
        // Prices matter more than the last seconds of a dead leader's candles: lead anyway.
        this.d.log.error({ err }, 'taking over candle storage failed');
      }
    }
    let feed: PriceFeed | undefined;
    try {
      feed = await markets.feedToLead(first);
    } catch (err) {
      this.source = false;
      throw err;
    }
    this.feed = feed;
    markets.setLeading(true);
    writer.start();
    live?.setPublishing(true);
    this.offFeed = feed?.onTick((tick) => {
      const applied = markets.ingest(tick, 'feed');
      if (!applied || !relay) return;
      relay.add(applied);
      // Without live topics there is no flush timer to ride on: send each tick as it comes.
      if (!live) relay.flush();
    });
    feed?.start();
    this.leading = true;
    if (cluster.scaleOut) this.d.log.info({ node: cluster.nodeId }, 'leading: running the price feed');
  }

  private async stepDown(): Promise<void> {
    if (!this.source) return;
    const { markets, writer, live, relay } = this.d;
    this.leading = false;
    this.feed?.stop();
    this.offFeed?.();
    this.offFeed = undefined;
    this.feed = undefined;
    // The last ticks and frames go out now, so followers (and a successor) end on the last price.
    if (live) live.flush();
    else relay?.flush();
    live?.setPublishing(false);
    markets.setLeading(false);
    await writer.stop();
    this.source = false;
  }
}
