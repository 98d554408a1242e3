import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { CompanyService } from './features/company/company.service.js';
import type { SettingsService } from './features/settings/settings.service.js';
import type { Metrics } from './http/metrics.js';
import type { Translator } from './i18n/translator.js';
import type { EventBus } from './live/event-bus.js';
import type { LiveGateway } from './live/gateway.js';
import type { TopicRegistry } from './live/topics.js';

/** Services shared across features; a feature adds its own here when another feature needs it. */
export interface Services {
  settings: SettingsService;
  company: CompanyService;
}

/** Everything a feature needs to plug in: routes on `app`, topics in `topics`, pushes through `live`. */
export interface FeatureContext {
  app: FastifyInstance;
  config: AppConfig;
  db: Db;
  translator: Translator;
  bus: EventBus;
  topics: TopicRegistry;
  live: LiveGateway;
  metrics: Metrics;
  services: Services;
  log: FastifyBaseLogger;
}

export interface Feature {
  name: string;
  /** Idempotent inserts of the rows a fresh install needs; runs after migrations on every start. */
  seed?: (db: Db) => Promise<void>;
  /** Declares routes and topics. Runs before the server listens. */
  register?: (ctx: FeatureContext) => void | Promise<void>;
  /** Background work (price feed, workers) once the server listens; returns its stop function. */
  start?: (ctx: FeatureContext) => (() => Promise<void>) | Promise<() => Promise<void>>;
}
