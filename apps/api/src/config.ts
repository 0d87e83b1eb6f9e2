import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_STALE_LOCATION_MINUTES, electronicIban, isIban } from '@dostava/shared';
import { z } from 'zod';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiRoot, '../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** 32 bytes (64 hex digits, or base64) that encrypt webhook endpoints' signing secrets at rest. */
  WEBHOOK_SECRET_KEY: z
    .string()
    .transform((v) => Buffer.from(v.trim(), /^[0-9a-f]{64}$/i.test(v.trim()) ? 'hex' : 'base64'))
    .refine((key) => key.length === 32, {
      message: 'WEBHOOK_SECRET_KEY must be 32 bytes: 64 hex digits or 44 base64 characters',
    })
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  DEMO_PASSWORD: z.string().min(8).default('DemoPass!2026'),
  SEED: flag.default(true),
  TZ_OPERATION: z.string().default('Europe/Sarajevo'),
  CURRENCY: z.string().length(3).default('BAM'),
  /** The operation's own bank account (payer of the payment orders); checked as an IBAN. */
  OPERATION_IBAN: z
    .string()
    .optional()
    .transform((v) => (v ? (electronicIban(v) ?? v) : undefined))
    .refine((v) => v === undefined || isIban(v), { message: 'OPERATION_IBAN is not a valid IBAN' }),
  /** The most one driver meal may cost, in minor units (default 20 KM). */
  MEAL_MAX_AMOUNT: z.coerce.number().int().min(1).max(100_000_00).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: flag.default(false),
  SIGN_IN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  RATE_LIMIT_NAMESPACE: z.string().default('dostava-rl:'),
  UPLOAD_MAX_MB: z.coerce.number().min(0.1).max(50).default(5),
  LOCATION_RETENTION_HOURS: z.coerce.number().int().min(1).default(72),
  STALE_LOCATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_STALE_LOCATION_MINUTES),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** Prometheus metrics on their own port (off when unset), so they never reach the public one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** On SIGTERM: seconds not-ready but still serving, so the load balancer stops sending first. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** Then at most this long to finish requests and close before the process gives up (exit 1). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  /** OpenTelemetry traces go to this OTLP/HTTP collector (e.g. http://otel-collector:4318); off when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().default('dostava-api'),
  /** How often an idle instance looks for due jobs (a pause's end …): a pause ends at most this late. */
  JOBS_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** The public origin the customer's tracking links start with (e.g. https://dostava.ba). */
  PUBLIC_URL: z.string().url().optional(),
  /** Tracking page polls allowed per client (IP) and per token in each rate-limit window. */
  TRACKING_MAX_PER_IP: z.coerce.number().int().min(1).default(120),
  TRACKING_MAX_PER_TOKEN: z.coerce.number().int().min(1).default(600),
  /** Push to the customer app by Firebase Cloud Messaging HTTP v1: the service account's JSON key. */
  FCM_SERVICE_ACCOUNT_JSON: z.string().optional(),
  /** Where FCM and Google's token endpoint are (tests point them at a local server). */
  FCM_API_URL: z.string().url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** SMS through Twilio's REST API: all three, or no SMS. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** Each call to a provider gives up after this long (then the job retries with backoff). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL server URL; PGlite under `dataDir/pgdata` when absent (or in memory for tests). */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** `memory://` keeps PGlite in memory: used by tests. */
  embeddedDatabase: 'disk' | 'memory';
  redisUrl: string | undefined;
  jwtSecret: string;
  /** AES-256-GCM key of the webhook signing secrets at rest; a fixed development key outside production. */
  webhookSecretKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  demoPassword: string;
  seed: boolean;
  timeZone: string;
  currency: string;
  mealMaxAmount: number;
  operationIban: string | null;
  logLevel: string;
  webDist: string;
  corsOrigins: string[];
  trustProxy: boolean;
  signInMaxPerAccount: number;
  signInMaxPerIp: number;
  rateLimitWindowSeconds: number;
  rateLimitMax: number;
  /** Key prefix of the shared (Redis) rate-limit counters. */
  rateLimitNamespace: string;
  uploadMaxBytes: number;
  /** Driver location history older than this is pruned. */
  locationRetentionHours: number;
  /** A driver's location older than this is flagged stale (map, picker) and ranks lower for dispatch. */
  staleLocationMinutes: number;
  /** Map tiles for Leaflet; Google Maps is used instead when a key is configured. */
  tileUrl: string;
  tileAttribution: string;
  googleMapsApiKey: string | undefined;
  metricsPort: number | undefined;
  metricsHost: string;
  drainSeconds: number;
  shutdownTimeoutSeconds: number;
  /** The OTLP/HTTP traces endpoint (…/v1/traces) when tracing is on. */
  tracesEndpoint: string | undefined;
  serviceName: string;
  jobsPollingSeconds: number;
  /** The origin of the customer's tracking links; the local server's when unset. */
  publicUrl: string;
  trackingMaxPerIp: number;
  trackingMaxPerToken: number;
  /** Firebase Cloud Messaging (push): the service account's key; push is off when null. */
  fcm: {
    serviceAccount: { project_id: string; client_email: string; private_key: string } | null;
    apiUrl: string;
    tokenUrl: string;
  };
  /** Twilio (SMS); off when null. */
  sms: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
  providerTimeoutMs: number;
}

export class ConfigError extends Error {}

/** The only reader of process.env: env → typed config, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabase: 'disk',
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? embeddedJwtSecret(e.NODE_ENV, dataDir),
    webhookSecretKey: e.WEBHOOK_SECRET_KEY ?? developmentWebhookKey(e.NODE_ENV),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    demoPassword: e.DEMO_PASSWORD,
    seed: e.SEED,
    timeZone: e.TZ_OPERATION,
    currency: e.CURRENCY,
    mealMaxAmount: e.MEAL_MAX_AMOUNT,
    operationIban: e.OPERATION_IBAN ?? null,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    signInMaxPerAccount: e.SIGN_IN_MAX_PER_ACCOUNT,
    signInMaxPerIp: e.SIGN_IN_MAX_PER_IP,
    rateLimitWindowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitNamespace: e.RATE_LIMIT_NAMESPACE,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    locationRetentionHours: e.LOCATION_RETENTION_HOURS,
    staleLocationMinutes: e.STALE_LOCATION_MINUTES,
    tileUrl: e.TILE_URL,
    tileAttribution: e.TILE_ATTRIBUTION,
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    drainSeconds: e.DRAIN_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    tracesEndpoint:
      e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
      (e.OTEL_EXPORTER_OTLP_ENDPOINT
        ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`
        : undefined),
    serviceName: e.OTEL_SERVICE_NAME,
    jobsPollingSeconds: e.JOBS_POLLING_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trackingMaxPerIp: e.TRACKING_MAX_PER_IP,
    trackingMaxPerToken: e.TRACKING_MAX_PER_TOKEN,
    fcm: {
      serviceAccount: e.FCM_SERVICE_ACCOUNT_JSON ? serviceAccountOf(e.FCM_SERVICE_ACCOUNT_JSON) : null,
      apiUrl: e.FCM_API_URL.replace(/\/$/, ''),
      tokenUrl: e.FCM_TOKEN_URL,
    },
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : null,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
  };
}

/** The FCM service account's key (Firebase console → Service accounts → Generate new private key). */
function serviceAccountOf(json: string) {
  try {
    const key = JSON.parse(json) as Record<string, unknown>;
    const { project_id, client_email, private_key } = key;
    if (typeof project_id === 'string' && typeof client_email === 'string' && typeof private_key === 'string')
      return { project_id, client_email, private_key };
  } catch {
    // reported below
  }
  throw new ConfigError(
    'FCM_SERVICE_ACCOUNT_JSON must be a service account key (project_id, client_email, private_key).',
  );
}

/**
 * Production must be given its secret; the embedded default generates one on first start and keeps it
 * in the data directory, so sessions survive restarts and no secret lives in the repository.
 */
function embeddedJwtSecret(env: string, dataDir: string): string {
  if (env === 'production') {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (at least 32 random characters).');
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Production must be given the key that encrypts webhook signing secrets; elsewhere a fixed key that
 * is no secret (development data is not), so every local instance and test reads every row.
 */
function developmentWebhookKey(env: string): Buffer {
  if (env === 'production') {
    throw new ConfigError(
      'WEBHOOK_SECRET_KEY is required when NODE_ENV=production (32 random bytes: `openssl rand -hex 32`).',
    );
  }
  return createHash('sha256').update('dostava development webhook key').digest();
}
