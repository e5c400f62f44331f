import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { TIERS, type Tier, type TierName } from './engine/tiers.js';
import type { LogFormat, LogLevel } from './log.js';

/** The only reader of process.env. Every setting is documented in README.md. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = z.coerce.number().int();
const num = z.coerce.number();

const EnvSchema = z.object({
  PORT: int.min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /**
   * The metadata store in PostgreSQL (postgres://user:password@host:port/database); unset: SQLite
   * in DATA_DIR/strata.db. Query data and results stay in DATA_DIR either way.
   */
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/./i.test(v) && URL.canParse(v), {
      message: 'must be a postgres:// or postgresql:// URL',
    })
    .optional(),
  /**
   * Scratch space of this process (spill files, upload bodies, pages being built): never shared
   * between nodes. Default DATA_DIR/tmp; with DATABASE_URL, DATA_DIR/tmp/node-<host>-<port>, so
   * nodes sharing DATA_DIR keep apart and a restarted node clears only its own leftovers.
   */
  TMP_DIR: z.string().optional(),
  /**
   * With DATABASE_URL: a node renews its lease this often divided by 3; a node silent for this
   * long is taken for dead, and what it ran is marked failed by another node.
   */
  NODE_LEASE_SECONDS: int.min(1).max(3600).default(15),
  /** The built web app (vite build's outDir) served at `/`. */
  STATIC_DIR: z.string().default('./dist'),
  /**
   * Public base URL used in links (dashboard_url, next_uri: else the request's host; alerts: else
   * http://HOST:PORT) and the only base link previews name (og:url, og:image: else none).
   */
  PUBLIC_URL: z.string().url().optional(),
  SIGNUP_ENABLED: bool.default(true),
  /** Interactive executions one context may run at once; more wait in a queue. */
  MAX_CONCURRENT_EXECUTIONS: int.min(1).max(64).default(3),
  /** Executions the whole process runs at once, across contexts. */
  ENGINE_SLOTS: int.min(1).max(64).default(4),
  RESULT_TTL_DAYS: num.positive().default(90),
  /** Largest JSON page in rows, and the datapoint (cell) cap per request. */
  MAX_PAGE_ROWS: int.min(1).default(100_000),
  MAX_DATAPOINTS_PER_REQUEST: int.min(1).default(250_000),
  MAX_CSV_ROWS: int.min(1).default(10_000_000),
  /** Demo datasets: generated on first start unless off; scale 1 is a few million rows. */
  DEMO_DATA: bool.default(true),
  DEMO_SCALE: num.positive().max(100).default(1),
  /** Plan: credits included per monthly billing period, hard limit, storage. */
  PLAN_CREDITS_INCLUDED: num.min(0).default(2500),
  PLAN_CREDITS_LIMIT: num.min(0).default(10_000),
  PLAN_STORAGE_BYTES: int.min(0).default(1024 ** 3),
  /** Execution results a context may keep; one result may take a share of it by tier. */
  RESULT_STORAGE_BYTES: int.min(1024).default(4 * 1024 ** 3),
  /** Disk one execution may spill to (DATA_DIR/tmp/spill) when its tier's memory is full. */
  MAX_SPILL_BYTES: int.min(0).default(10 * 1024 ** 3),
  MAX_UPLOAD_BYTES: int.min(1).default(200 * 1024 ** 2),
  /** Largest body of every other route (JSON); more is refused with 413 before it is read. */
  MAX_JSON_BODY_BYTES: int.min(1024).default(2 * 1024 ** 2),
  /** A JSON body must arrive within this; an upload body may not pause longer. */
  BODY_TIMEOUT_SECONDS: num.positive().max(3600).default(10),
  /** Largest request line plus headers (long `columns`/`filters` values live in the URL). */
  MAX_HEADER_BYTES: int
    .min(16 * 1024)
    .max(16 * 1024 ** 2)
    .default(256 * 1024),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json` (one object per line); unset: pretty on a terminal only. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * On SIGTERM, how long running executions may take to finish before they are cancelled
   * (uncharged); the node claims nothing new meanwhile (docs/deploy.md, "Draining a node").
   */
  DRAIN_GRACE_SECONDS: int
    .min(0)
    .max(24 * 3600)
    .default(60),
  /** API requests per minute per context: writes (low) and reads (high); 0 turns a bucket off. */
  RATE_LIMIT_LOW_PER_MINUTE: int.min(0).default(600),
  RATE_LIMIT_HIGH_PER_MINUTE: int.min(0).default(6000),
  /** Behind a reverse proxy: trust x-forwarded-for (client IP) and x-forwarded-proto. */
  TRUST_PROXY: bool.default(false),
  /** Shortest interval a materialized view's cron schedule may have, in minutes. */
  MATVIEW_MIN_INTERVAL_MINUTES: int
    .min(1)
    .max(7 * 24 * 60)
    .default(15),
  /** How often the scheduler looks for due refreshes, in seconds; 0 turns it off. */
  SCHEDULER_TICK_SECONDS: int.min(0).max(3600).default(20),
  /** Shortest interval an alert's cron schedule may have, in minutes. */
  ALERT_MIN_INTERVAL_MINUTES: int
    .min(1)
    .max(7 * 24 * 60)
    .default(5),
  /** Webhooks on private, loopback, link-local or unique-local addresses are refused unless true. */
  ALERT_ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
  /** One attempt to deliver an alert's message (a webhook POST, an SMTP exchange) may take this long. */
  ALERT_SEND_TIMEOUT_SECONDS: num.positive().max(300).default(10),
  /** Tries of one delivery before it is recorded as failed. */
  ALERT_DELIVERY_ATTEMPTS: int.min(1).max(10).default(4),
  /** Wait before the second try; doubled before each next one. */
  ALERT_RETRY_BACKOFF_SECONDS: num.min(0).max(600).default(2),
  /** Email of alerts: the SMTP server (unset: email destinations are refused). */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: int.min(1).max(65535).default(587),
  /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().min(3).max(300).default('alerts@localhost'),
  /**
   * Who may frame the embed pages (/embed/...): CSP frame-ancestors sources, separated by
   * spaces (`https://blog.example.com 'self'`); `*` (the default) is any site. Every other
   * page keeps frame-ancestors 'none'.
   */
  EMBED_FRAME_ANCESTORS: z
    .string()
    .transform((v) => v.trim().split(/\s+/))
    .refine((sources) => sources.every((s) => /^(?:'self'|'none'|[^\s;,'"]+)$/.test(s)), {
      message: "must be CSP sources separated by spaces (such as * or https://example.com 'self')",
    })
    .default(['*']),
});

/** The SMTP server alerts send email through. */
export type SmtpConfig = {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL of the metadata store; undefined: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** This process's own scratch folder (TMP_DIR). */
  scratchDir: string;
  /** How long a silent node keeps its claims (NODE_LEASE_SECONDS), in ms. */
  nodeLeaseMs: number;
  staticDir: string;
  publicUrl: string | undefined;
  signupEnabled: boolean;
  maxConcurrentExecutions: number;
  engineSlots: number;
  resultTtlMs: number;
  maxPageRows: number;
  maxDatapointsPerRequest: number;
  maxCsvRows: number;
  demoData: boolean;
  demoScale: number;
  plan: { creditsIncluded: number; creditsLimit: number; storageBytes: number };
  resultStorageBytes: number;
  maxSpillBytes: number;
  /** Engine resources per tier: TIERS, from no variable (tests and benches pass smaller ones). */
  tiers: Record<TierName, Tier>;
  maxUploadBytes: number;
  maxJsonBodyBytes: number;
  bodyTimeoutMs: number;
  maxHeaderBytes: number;
  logLevel: LogLevel;
  /** Undefined: pretty on a terminal, JSON otherwise (log.ts, defaultLogFormat). */
  logFormat: LogFormat | undefined;
  /** How long a stopping node lets running executions finish (DRAIN_GRACE_SECONDS), in ms. */
  drainGraceMs: number;
  /** Per-context API requests per minute; 0 disables a bucket. */
  rateLimit: { lowPerMinute: number; highPerMinute: number };
  trustProxy: boolean;
  matviewMinIntervalMinutes: number;
  /** 0: no timer (tests drive the scheduler with an explicit clock). */
  schedulerTickMs: number;
  alerts: {
    minIntervalMinutes: number;
    allowPrivateWebhooks: boolean;
    deliveryTimeoutMs: number;
    deliveryAttempts: number;
    retryBackoffMs: number;
  };
  /** Undefined when SMTP_HOST is not set. */
  smtp: SmtpConfig | undefined;
  /** CSP frame-ancestors sources of the embed pages (EMBED_FRAME_ANCESTORS). */
  embedFrameAncestors: string[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    scratchDir: path.resolve(
      e.TMP_DIR ??
        (e.DATABASE_URL
          ? // PORT 0 (any free port, tests): the process id keeps nodes apart instead.
            path.join(e.DATA_DIR, 'tmp', `node-${os.hostname()}-${e.PORT || `pid${process.pid}`}`)
          : path.join(e.DATA_DIR, 'tmp')),
    ),
    nodeLeaseMs: e.NODE_LEASE_SECONDS * 1000,
    staticDir: path.resolve(e.STATIC_DIR),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    signupEnabled: e.SIGNUP_ENABLED,
    maxConcurrentExecutions: e.MAX_CONCURRENT_EXECUTIONS,
    engineSlots: e.ENGINE_SLOTS,
    resultTtlMs: e.RESULT_TTL_DAYS * 24 * 3600 * 1000,
    maxPageRows: e.MAX_PAGE_ROWS,
    maxDatapointsPerRequest: e.MAX_DATAPOINTS_PER_REQUEST,
    maxCsvRows: e.MAX_CSV_ROWS,
    demoData: e.DEMO_DATA,
    demoScale: e.DEMO_SCALE,
    plan: {
      creditsIncluded: e.PLAN_CREDITS_INCLUDED,
      creditsLimit: e.PLAN_CREDITS_LIMIT,
      storageBytes: e.PLAN_STORAGE_BYTES,
    },
    resultStorageBytes: e.RESULT_STORAGE_BYTES,
    maxSpillBytes: e.MAX_SPILL_BYTES,
    tiers: TIERS,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES,
    bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
    maxHeaderBytes: e.MAX_HEADER_BYTES,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    drainGraceMs: e.DRAIN_GRACE_SECONDS * 1000,
    rateLimit: {
      lowPerMinute: e.RATE_LIMIT_LOW_PER_MINUTE,
      highPerMinute: e.RATE_LIMIT_HIGH_PER_MINUTE,
    },
    trustProxy: e.TRUST_PROXY,
    matviewMinIntervalMinutes: e.MATVIEW_MIN_INTERVAL_MINUTES,
    schedulerTickMs: e.SCHEDULER_TICK_SECONDS * 1000,
    alerts: {
      minIntervalMinutes: e.ALERT_MIN_INTERVAL_MINUTES,
      allowPrivateWebhooks: e.ALERT_ALLOW_PRIVATE_WEBHOOKS,
      deliveryTimeoutMs: e.ALERT_SEND_TIMEOUT_SECONDS * 1000,
      deliveryAttempts: e.ALERT_DELIVERY_ATTEMPTS,
      retryBackoffMs: e.ALERT_RETRY_BACKOFF_SECONDS * 1000,
    },
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM,
        }
      : undefined,
    embedFrameAncestors: e.EMBED_FRAME_ANCESTORS,
  };
}

/** A database URL fit for messages and logs: its password replaced by `***`. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** A config for tests: defaults (rate limits off), a given data dir, overrides on top. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  // A DATA_DIR given as an override brings its own scratch folder, as loadConfig derives it.
  if (overrides.dataDir && !overrides.scratchDir)
    overrides = { ...overrides, scratchDir: path.join(overrides.dataDir, 'tmp') };
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_LOW_PER_MINUTE: '0',
      RATE_LIMIT_HIGH_PER_MINUTE: '0',
      SCHEDULER_TICK_SECONDS: '0',
    }),
    ...overrides,
  };
}
