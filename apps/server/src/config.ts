import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/server/, whether this module runs from src/ (tsx, vitest) or from dist/ (node). */
const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables treat an empty string as "not set", so `PORT=` in a .env file means default. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const integer = (min: number, max: number) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );

const EnvSchema = z.object({
  PORT: integer(0, 65535),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1 to 64 letters, digits, colons, dashes or underscores')
      .optional(),
  ),
  LOG_LEVEL: optionalString.pipe(
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  WEB_DIST: optionalString,
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** Holds meridian.sqlite (embedded mode) and uploads/. */
  dataDir: string;
  /** Set: PostgreSQL (scale-out). Unset: SQLite under dataDir. */
  databaseUrl: string | undefined;
  /** Set: the Redis event bus carries pushes between nodes (scale-out). Unset: in-process bus. */
  redisUrl: string | undefined;
  /** Prefix of every Redis channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  logLevel: LogLevel;
  /** The built web app; served at `/` when present. */
  webDist: string;
  bodyLimitBytes: number;
  /** Operator APIs are disabled unless this is set. */
  adminToken: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      const shown =
        name === 'ADMIN_TOKEN' || name === 'DATABASE_URL' || name === 'REDIS_URL'
          ? '(hidden)'
          : JSON.stringify(raw);
      return `${name} ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? 'meridian:',
    logLevel: e.LOG_LEVEL ?? 'info',
    webDist: e.WEB_DIST === undefined ? resolve(PACKAGE_ROOT, '../web/dist') : resolveFrom(e.WEB_DIST),
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 1024 * 1024,
    adminToken: e.ADMIN_TOKEN,
  };
}

function resolveFrom(path: string): string {
  return isAbsolute(path) ? path : resolve(path);
}
