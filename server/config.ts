/**
 * Every environment variable the server reads, with its default, in one place.
 * Defaults make `npm start` on a fresh clone serve the whole portal; production must opt in to
 * the embedded identity provider and demo data, and must supply its own secrets.
 * The README's table of variables is checked against `configVariables` by a test.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import type { TeamContact } from '../common/page-data';
import type { TracingConfig } from './tracing/tracing';

/** Who may read `/metrics` (server/metrics): nobody unless one of these is set. */
export interface MetricsConfig {
  token: string | undefined;
  /** Addresses and ranges, as `net.BlockList` takes them. */
  allowFrom: { address: string; prefix: number | undefined; family: 'ipv4' | 'ipv6' }[];
}

/** How a stopping process leaves (server/main.ts). */
export interface ShutdownConfig {
  /** Seconds between reporting not ready and closing: a load balancer's time to notice. */
  drainSeconds: number;
  /** Seconds the close may take, after the drain, before the process exits anyway. */
  timeoutSeconds: number;
}

export interface ConfigVariable {
  name: string;
  /** The default as the README shows it; `undefined` means "unset". */
  default: string | undefined;
  description: string;
}

export const configVariables: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the server binds to.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    description: 'Address browsers use to reach the portal; the embedded issuer is `$PUBLIC_URL/oidc`.',
  },
  { name: 'NODE_ENV', default: 'development', description: '`production` turns off demo data and the embedded identity provider unless asked for.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino log level (`silent` in tests).' },
  {
    name: 'LOG_FORMAT',
    default: 'pretty (json in production)',
    description: 'How log lines are written: `pretty`, one readable line each for a person watching the terminal, or `json`, one JSON object a line for a log collector.',
  },
  { name: 'PRODUCT_NAME', default: 'Marketplace', description: 'Product name shown in titles and texts.' },
  { name: 'TEAM_CONTACT_EMAIL', default: 'help@marketplace.localhost', description: 'Email address of the marketplace team, shown in the footer, on the about and sign-in pages and wherever a person needs help.' },
  { name: 'TEAM_CONTACT_PHONE', default: '04 555 0100', description: 'Phone number of the marketplace team, shown beside its email address.' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the embedded database (PGlite) and local files.' },
  { name: 'DATABASE_URL', default: undefined, description: 'PostgreSQL (15+) connection string; when set, the embedded database is not used.' },
  {
    name: 'DATABASE_READ_URL',
    default: undefined,
    description:
      'A PostgreSQL hot standby of DATABASE_URL. Public reads that tolerate a little lag (the directory, its CSV, public profile and listing pages, the open-data feed, insights) go to it, except for a browser that has just written, which reads from DATABASE_URL until the standby has caught up.',
  },
  { name: 'DATABASE_POOL_SIZE', default: '10', description: 'Connections in the PostgreSQL pool (and in the read replica\'s).' },
  { name: 'SEED_DEMO', default: 'true (false in production)', description: 'Seed demo data into an empty database at start.' },
  { name: 'OIDC_ISSUER', default: undefined, description: 'External OpenID Connect issuer; when unset the embedded provider under `/oidc` is used.' },
  { name: 'OIDC_CLIENT_ID', default: 'marketplace-portal', description: 'Client id the browser apps sign in with.' },
  { name: 'OIDC_AUDIENCE', default: '$PUBLIC_URL/api', description: 'Audience the API expects in access tokens.' },
  { name: 'OIDC_EMBEDDED', default: 'true when OIDC_ISSUER is unset (false in production)', description: 'Run the embedded identity provider; production must set `true` explicitly.' },
  { name: 'OIDC_COOKIE_KEYS', default: 'a development key', description: 'Comma-separated secrets signing the embedded provider\'s cookies; required in production.' },
  { name: 'ACCESS_TOKEN_TTL', default: '900', description: 'Lifetime of access tokens from the embedded provider, in seconds.' },
  {
    name: 'OIDC_MULTI_FACTOR_ACR',
    default: undefined,
    description:
      'Comma-separated `acr` values with which an external issuer says a sign-in used a second factor. The team’s routes take a token whose `amr` has `mfa`, or whose `acr` is one of these.',
  },
  { name: 'LOGIN_RATE_LIMIT', default: '10', description: 'Sign-in attempts allowed per client address per minute.' },
  {
    name: 'PUBLIC_FORM_SECRET',
    default: 'a new random secret at each start (required in production)',
    description: 'Secret the public forms\' security tokens (`X-SECURITY-TOKEN`) are derived from; every instance behind a load balancer needs the same one. Changing it invalidates the tokens of open pages.',
  },
  { name: 'PUBLIC_FORM_RATE_LIMIT', default: '30', description: 'Public form posts and business-number checks allowed per client address per minute, per route (`0` turns the limit off).' },
  { name: 'CHECK_SUPPLIER_NUMBER_RATE_LIMIT', default: '10', description: 'Checks of one business number (`/api/v1/check-supplier`) allowed per minute from all addresses together (`0` turns the limit off).' },
  {
    name: 'PUBLIC_FORM_TOKEN_HOURS',
    default: '24',
    description: 'Hours a public form page\'s security token works after the page was opened; after that the form asks the visitor to reload the page (the answers typed so far are kept).',
  },
  { name: 'TRUST_PROXY', default: 'false', description: 'Trust `X-Forwarded-*` headers (set `true` behind a TLS-terminating proxy; answers then carry `Strict-Transport-Security` when the proxy says the request came over https).' },
  { name: 'VITE_DEV_SERVER', default: undefined, description: 'Set by `npm run dev`: pages load the apps from this Vite dev server (hot reload) instead of `dist/`.' },
  { name: 'SMTP_URL', default: undefined, description: 'SMTP server for outgoing mail, e.g. `smtps://user:password@smtp.example.govt.nz`; when unset, mail is written to `$DATA_DIR/outbox` (readable at `/dev/outbox` outside production).' },
  {
    name: 'DEV_OUTBOX_REMOTE',
    default: 'false',
    description: 'Serve `/dev/outbox` (development only, mail kept in the outbox) to every address, not only to this machine\'s own (loopback); its messages hold password reset and invitation links.',
  },
  { name: 'MAIL_FROM', default: '$PRODUCT_NAME <no-reply@marketplace.localhost>', description: 'Sender of outgoing mail.' },
  {
    name: 'MAIL_OUTBOX',
    default: 'true when SMTP_URL is unset (false in production)',
    description: 'Keep mail in the outbox folder instead of sending it; production without SMTP_URL must set `true` explicitly, so invitations are never silently undelivered.',
  },
  {
    name: 'METRICS_TOKEN',
    default: undefined,
    description: 'A secret of at least 24 characters a metrics collector sends as `Authorization: Bearer <token>` to read `/metrics` (Prometheus text format). With neither this nor METRICS_ALLOW_FROM, `/metrics` is not served and no request or statement time is recorded.',
  },
  {
    name: 'METRICS_ALLOW_FROM',
    default: undefined,
    description: 'Comma-separated addresses or ranges (`10.0.0.0/8`, `::1`) that may read `/metrics` without the token: the collector\'s, behind TRUST_PROXY when a proxy is in front.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: undefined,
    description: 'An OpenTelemetry collector (OTLP over HTTP, e.g. `http://collector:4318`) to send traces to: a span for each request, database statement and background job. Unset, no span is made.',
  },
  { name: 'OTEL_SERVICE_NAME', default: 'marketplace-portal', description: 'The service name the traces carry.' },
  {
    name: 'SHUTDOWN_DRAIN_SECONDS',
    default: '5 in production, else 0',
    description: 'On SIGTERM the process first reports itself not ready (`/readyz`) and goes on serving for this long, so a load balancer stops sending it requests before it closes.',
  },
  { name: 'SHUTDOWN_TIMEOUT_SECONDS', default: '30', description: 'After the drain, the longest a stop waits for requests and jobs in flight before the process exits anyway, with a failure.' },
  { name: 'JOB_WORKER', default: 'true', description: 'This process runs the background jobs (mail, reminders, sweeps) and their schedules; `false` for a process that only serves requests. At least one process must be a worker.' },
  { name: 'JOB_TIMEOUT_SECONDS', default: '120', description: 'A background job running longer is counted as failed and retried; the jobs of a process that was killed run again once this time has passed.' },
  { name: 'MAIL_RETRY_LIMIT', default: '10', description: 'Times a mail that could not be sent is tried again before it is marked failed for the team to look at.' },
  { name: 'MAIL_RETRY_DELAY_SECONDS', default: '60', description: 'Wait before the first new try of a mail; each later wait is about twice the one before (with 10 tries, about 17 to 34 hours in all).' },
  { name: 'BILLING_REMINDER_SCHEDULE', default: '5 * * * *', description: 'When the billing reminders are looked for (cron, New Zealand time): hourly by default. Each reminder goes once whatever the schedule.' },
  {
    name: 'LISTING_DOCUMENT_REMINDER_SCHEDULE',
    default: '15 7 * * *',
    description: 'When listing documents close to their expiry date are looked for (cron, New Zealand time): daily at 7:15 am by default. Each document\'s reminder, 28 and 7 days before, goes once whatever the schedule.',
  },
  { name: 'UPLOAD_SWEEP_SCHEDULE', default: '35 * * * *', description: 'When abandoned uploads are removed (cron, New Zealand time): hourly by default.' },
  {
    name: 'THREAD_DIGEST_SCHEDULE',
    default: '*/30 * * * *',
    description: 'When each team member is sent one email listing the suppliers\' new messages since their last one (cron, New Zealand time): every 30 minutes by default. Nothing is sent when nothing new arrived.',
  },
  {
    name: 'OPEN_DATA_PUBLISH_SCHEDULE',
    default: '*/10 * * * *',
    description: 'When what became publishable (agency-confirmed engagements and spend, approvals, catalogues) is published as OCDS releases (cron, New Zealand time): every 10 minutes by default. Each run looks only at what changed since the last one.',
  },
  {
    name: 'INSIGHTS_REFRESH_SCHEDULE',
    default: '5-59/10 * * * *',
    description: 'When the insights page\'s figures are added up again from the published records (cron, New Zealand time): every 10 minutes by default, 5 minutes after each open data publication.',
  },
  {
    name: 'OPEN_DATA_BULK_SCHEDULE',
    default: '30 2 * * *',
    description: 'When the day\'s open data bulk file (every release, one gzipped release package) is written (cron, New Zealand time): daily at 2:30 am by default; the last 7 days\' files are kept. Its run publishes first, looking at every fact rather than only what changed.',
  },
  { name: 'STORAGE_DRIVER', default: 'local', description: 'Where uploaded files live: `local` (`$DATA_DIR/uploads`) or `s3` (an S3-compatible bucket, needs S3_BUCKET).' },
  { name: 'S3_BUCKET', default: undefined, description: 'Bucket for uploads when STORAGE_DRIVER is `s3`.' },
  { name: 'S3_REGION', default: '$AWS_REGION, else us-east-1', description: 'Region of the bucket.' },
  { name: 'S3_ENDPOINT', default: undefined, description: 'Endpoint of an S3-compatible server (MinIO, Ceph, …); unset for AWS S3.' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'true when S3_ENDPOINT is set', description: 'Address objects as `endpoint/bucket/key` instead of `bucket.endpoint/key`, as most S3-compatible servers expect.' },
  { name: 'S3_ACCESS_KEY_ID', default: undefined, description: 'Access key for the bucket, with S3_SECRET_ACCESS_KEY; when both are unset the AWS SDK\'s default chain (environment, profile, instance role) is used.' },
  { name: 'S3_SECRET_ACCESS_KEY', default: undefined, description: 'Secret for S3_ACCESS_KEY_ID.' },
  { name: 'AGENCY_RESUME_DAYS', default: '30', description: 'Days an agency registration\'s "come back later" link keeps working after its last save.' },
  {
    name: 'REVIEW_TARGET_DAYS',
    default: '10',
    description: 'Working days (Monday to Friday; public holidays are not left out) the marketplace team aims to act on a queued item in; the team app\'s queues count the items waiting longer.',
  },
  { name: 'UPLOAD_MAX_BYTES', default: '10485760', description: 'Largest file a user may upload, in bytes (10 MB).' },
  {
    name: 'REGISTRATION_UPLOAD_BYTES_PER_DAY',
    default: '52428800',
    description: 'Bytes one client address may upload through the public registration form in 24 hours (50 MB); past it the form says to try again later.',
  },
  {
    name: 'REGISTRATION_UPLOAD_KEEP_HOURS',
    default: '24',
    description: 'Hours a file uploaded through the public registration form is kept while no submitted registration holds it; the upload sweep then removes it.',
  },
  {
    name: 'OCDS_PREFIX',
    default: 'ocds-nzmp00',
    description: 'The prefix of every open contracting id (`ocid`) the portal publishes: `ocds-` and the six characters the Open Contracting Partnership registered for the publisher. Never change it once data is published.',
  },
  { name: 'OPEN_DATA_RATE_LIMIT', default: '120', description: 'Open data requests (`/api/v1/open-data/…`) allowed per client address per minute; more is answered 429 with Retry-After (`0` turns the limit off).' },
  {
    name: 'NEW_THREADS_PER_SUPPLIER_PER_DAY',
    default: '20',
    description: 'New message threads a supplier\'s people may start in any 24 hours, all records together; more is refused with a message saying when they can start another (replies in existing threads are limited separately).',
  },
];

/** How log lines are written (LOG_FORMAT): readable lines for a person, or JSON for a log collector. */
export type LogFormat = 'pretty' | 'json';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  isProduction: boolean;
  logLevel: string;
  logFormat: LogFormat;
  productName: string;
  /** How people reach the marketplace team (footer, about, sign-in, dead ends). */
  teamContact: TeamContact;
  dataDir: string;
  /** `undefined`: the embedded PGlite database in `dataDir`; `'memory'` is for tests. */
  databaseUrl: string | undefined;
  /** A hot standby of `databaseUrl` for lag-tolerant reads (server/http/read-after-write.ts). */
  databaseReadUrl: string | undefined;
  databasePoolSize: number;
  seedDemo: boolean;
  oidc: {
    issuer: string;
    clientId: string;
    audience: string;
    embedded: boolean;
    cookieKeys: string[];
    accessTokenTtl: number;
    /** `acr` values that say a sign-in used a second factor (besides `mfa` in `amr`). */
    multiFactorAcr: string[];
  };
  loginRateLimit: number;
  publicForms: PublicFormsConfig;
  trustProxy: boolean;
  /** Development only: origin of the Vite dev server that serves the apps with hot reload. */
  viteDevServer: string | undefined;
  mail: MailConfig;
  jobs: JobsConfig;
  shutdown: ShutdownConfig;
  metrics: MetricsConfig;
  tracing: TracingConfig;
  storage: StorageConfig;
  uploadMaxBytes: number;
  registrationUploads: RegistrationUploadsConfig;
  /** Days an agency's resume link works after its last save. */
  agencyResumeDays: number;
  /** Working days (Monday to Friday, holidays counted) the team aims to act on a queued item in. */
  reviewTargetDays: number;
  /** New threads one supplier may start in any 24 hours. */
  newThreadsPerSupplierPerDay: number;
  openData: OpenDataConfig;
}

/** The OCDS publication (issue 32). */
export interface OpenDataConfig {
  /** `ocds-` and six registered characters: every ocid starts with it. */
  ocidPrefix: string;
  /** Requests per client address per minute; 0: no limit. */
  rateLimit: number;
}

export interface PublicFormsConfig {
  /** HMAC key of the security tokens (server/http/public-form-token.ts). */
  secret: string;
  /** Requests per client address per minute on each public form route; 0: no limit. */
  rateLimit: number;
  /** Checks of one business number per minute; 0: no limit. */
  numberRateLimit: number;
  /** Seconds a page's security token works after it was issued. */
  tokenTtlSeconds: number;
}

export interface RegistrationUploadsConfig {
  /** Bytes one client address may upload through the registration form in 24 hours. */
  bytesPerDay: number;
  /** Hours an upload no submitted registration holds is kept. */
  keepHours: number;
}

export interface MailConfig {
  /** `smtp` sends through `smtpUrl`; `outbox` writes each message to `outboxDir`. */
  transport: 'smtp' | 'outbox';
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** `/dev/outbox` answers every address, not only loopback ones (DEV_OUTBOX_REMOTE). */
  isOutboxRemote: boolean;
}

export interface JobsConfig {
  /** This process runs jobs and schedules (JOB_WORKER). */
  isWorker: boolean;
  timeoutSeconds: number;
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  /** Cron expressions, New Zealand time. */
  billingReminderSchedule: string;
  listingDocumentReminderSchedule: string;
  uploadSweepSchedule: string;
  threadDigestSchedule: string;
  openDataPublishSchedule: string;
  openDataBulkSchedule: string;
  insightsRefreshSchedule: string;
}

export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** `undefined`: the AWS SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function readInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

function readPositiveInteger(env: Env, name: string, fallback: number): number {
  const value = readInteger(env, name, fallback);
  if (value === 0) {
    throw new ConfigError(`${name} must be more than 0.`);
  }
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') {
    return fallback;
  }
  if (['true', '1', 'yes'].includes(raw)) {
    return true;
  }
  if (['false', '0', 'no'].includes(raw)) {
    return false;
  }
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

const DEVELOPMENT_COOKIE_KEY = 'development-only-cookie-key-change-me';

/** An unset or empty variable both mean "not set": `.env` files often carry `NAME=`. */
function readOptional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** The product name, quoted when it holds characters that have a meaning in an address. */
function defaultMailFrom(productName: string): string {
  const name = /^[\p{L}\p{N} '-]*$/u.test(productName) ? productName : `"${productName.replace(/["\\]/g, '')}"`;
  return `${name} <no-reply@marketplace.localhost>`;
}

function readLogFormat(env: Env, isProduction: boolean): LogFormat {
  const format = readOptional(env, 'LOG_FORMAT') ?? (isProduction ? 'json' : 'pretty');
  if (format !== 'pretty' && format !== 'json') {
    throw new ConfigError(`LOG_FORMAT must be pretty or json, got "${format}"`);
  }
  return format;
}

function readMailConfig(env: Env, isProduction: boolean, productName: string, dataDir: string): MailConfig {
  const smtpUrl = readOptional(env, 'SMTP_URL');
  const outbox = readBoolean(env, 'MAIL_OUTBOX', smtpUrl === undefined && !isProduction);
  if (smtpUrl !== undefined) {
    if (outbox) {
      throw new ConfigError('Set either SMTP_URL or MAIL_OUTBOX=true, not both.');
    }
    if (!/^smtps?:\/\//.test(smtpUrl)) {
      throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
    }
  } else if (!outbox) {
    throw new ConfigError(
      isProduction
        ? 'Set SMTP_URL to send mail, or MAIL_OUTBOX=true to keep it in the outbox folder in production.'
        : 'MAIL_OUTBOX=false needs SMTP_URL.',
    );
  }
  return {
    transport: smtpUrl === undefined ? 'outbox' : 'smtp',
    smtpUrl,
    from: readOptional(env, 'MAIL_FROM') ?? defaultMailFrom(productName),
    outboxDir: path.join(dataDir, 'outbox'),
    isOutboxRemote: readBoolean(env, 'DEV_OUTBOX_REMOTE', false),
  };
}

/** Five fields (minute hour day month weekday); pg-boss checks the rest when it schedules. */
function readSchedule(env: Env, name: string, fallback: string): string {
  const value = readOptional(env, name) ?? fallback;
  if (!/^\S+( \S+){4}$/.test(value)) {
    throw new ConfigError(`${name} must be a cron expression of five fields, e.g. "5 * * * *", got "${value}"`);
  }
  return value;
}

function readJobsConfig(env: Env): JobsConfig {
  const timeoutSeconds = readInteger(env, 'JOB_TIMEOUT_SECONDS', 120);
  if (timeoutSeconds === 0) {
    throw new ConfigError('JOB_TIMEOUT_SECONDS must be more than 0.');
  }
  const mailRetryDelaySeconds = readInteger(env, 'MAIL_RETRY_DELAY_SECONDS', 60);
  if (mailRetryDelaySeconds === 0) {
    throw new ConfigError('MAIL_RETRY_DELAY_SECONDS must be more than 0.');
  }
  return {
    isWorker: readBoolean(env, 'JOB_WORKER', true),
    timeoutSeconds,
    mailRetryLimit: readInteger(env, 'MAIL_RETRY_LIMIT', 10),
    mailRetryDelaySeconds,
    billingReminderSchedule: readSchedule(env, 'BILLING_REMINDER_SCHEDULE', '5 * * * *'),
    listingDocumentReminderSchedule: readSchedule(env, 'LISTING_DOCUMENT_REMINDER_SCHEDULE', '15 7 * * *'),
    uploadSweepSchedule: readSchedule(env, 'UPLOAD_SWEEP_SCHEDULE', '35 * * * *'),
    threadDigestSchedule: readSchedule(env, 'THREAD_DIGEST_SCHEDULE', '*/30 * * * *'),
    openDataPublishSchedule: readSchedule(env, 'OPEN_DATA_PUBLISH_SCHEDULE', '*/10 * * * *'),
    openDataBulkSchedule: readSchedule(env, 'OPEN_DATA_BULK_SCHEDULE', '30 2 * * *'),
    insightsRefreshSchedule: readSchedule(env, 'INSIGHTS_REFRESH_SCHEDULE', '5-59/10 * * * *'),
  };
}

/** At least 32 characters, so the tokens cannot be forged by guessing the secret. */
const PUBLIC_FORM_SECRET_MIN_LENGTH = 32;

function readPublicFormsConfig(env: Env, isProduction: boolean): PublicFormsConfig {
  const secret = readOptional(env, 'PUBLIC_FORM_SECRET');
  if (secret === undefined && isProduction) {
    throw new ConfigError('PUBLIC_FORM_SECRET is required in production (the same on every instance), e.g. `openssl rand -hex 32`.');
  }
  if (secret !== undefined && secret.length < PUBLIC_FORM_SECRET_MIN_LENGTH) {
    throw new ConfigError(`PUBLIC_FORM_SECRET must be at least ${PUBLIC_FORM_SECRET_MIN_LENGTH} characters.`);
  }
  return {
    // A new secret per start in development: tokens of pages opened before a restart stop working.
    secret: secret ?? randomBytes(32).toString('hex'),
    rateLimit: readInteger(env, 'PUBLIC_FORM_RATE_LIMIT', 30),
    numberRateLimit: readInteger(env, 'CHECK_SUPPLIER_NUMBER_RATE_LIMIT', 10),
    tokenTtlSeconds: readPositiveInteger(env, 'PUBLIC_FORM_TOKEN_HOURS', 24) * 60 * 60,
  };
}

function readStorageConfig(env: Env, dataDir: string): StorageConfig {
  const driver = readOptional(env, 'STORAGE_DRIVER') ?? 'local';
  if (driver === 'local') {
    return { driver, directory: path.join(dataDir, 'uploads') };
  }
  if (driver !== 's3') {
    throw new ConfigError(`STORAGE_DRIVER must be local or s3, got "${driver}"`);
  }
  const bucket = readOptional(env, 'S3_BUCKET');
  if (bucket === undefined) {
    throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET.');
  }
  const endpoint = readOptional(env, 'S3_ENDPOINT')?.replace(/\/+$/, '');
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT must start with http:// or https://.');
  }
  const accessKeyId = readOptional(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = readOptional(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS default credentials.');
  }
  return {
    driver,
    bucket,
    region: readOptional(env, 'S3_REGION') ?? readOptional(env, 'AWS_REGION') ?? 'us-east-1',
    endpoint,
    forcePathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    credentials: accessKeyId !== undefined && secretAccessKey !== undefined ? { accessKeyId, secretAccessKey } : undefined,
  };
}

const METRICS_TOKEN_MIN_LENGTH = 24;

function readMetricsConfig(env: Env): MetricsConfig {
  const token = readOptional(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters: anyone who guesses it reads the portal's figures.`);
  }
  const allowFrom = (readOptional(env, 'METRICS_ALLOW_FROM') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address = '', prefixText] = entry.split('/');
      const version = isIP(address);
      const prefix = prefixText === undefined ? undefined : Number(prefixText);
      const maxPrefix = version === 6 ? 128 : 32;
      if (version === 0 || (prefix !== undefined && (!Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix || prefixText === ''))) {
        throw new ConfigError(`METRICS_ALLOW_FROM: "${entry}" is not an address or a range such as 10.0.0.0/8.`);
      }
      return { address, prefix, family: version === 6 ? ('ipv6' as const) : ('ipv4' as const) };
    });
  return { token, allowFrom };
}

/** Reads the configuration from the environment; throws ConfigError on a value that cannot work. */
export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const port = readInteger(env, 'PORT', 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const externalIssuer = env.OIDC_ISSUER?.replace(/\/+$/, '');
  const embedded = readBoolean(env, 'OIDC_EMBEDDED', externalIssuer === undefined && !isProduction);
  const cookieKeys = (env.OIDC_COOKIE_KEYS ?? '').split(',').map((key) => key.trim()).filter(Boolean);

  if (externalIssuer === undefined && !embedded) {
    throw new ConfigError(
      isProduction
        ? 'Set OIDC_ISSUER to your identity provider, or OIDC_EMBEDDED=true to run the embedded one in production.'
        : 'OIDC_EMBEDDED=false needs OIDC_ISSUER.',
    );
  }
  if (embedded && isProduction && cookieKeys.length === 0) {
    throw new ConfigError('OIDC_COOKIE_KEYS is required in production when the embedded identity provider runs.');
  }
  const databaseUrl = env.DATABASE_URL === '' ? undefined : env.DATABASE_URL;
  const databaseReadUrl = env.DATABASE_READ_URL === '' ? undefined : env.DATABASE_READ_URL;
  if (databaseReadUrl !== undefined && databaseUrl === undefined) {
    throw new ConfigError('DATABASE_READ_URL is a standby of DATABASE_URL: set DATABASE_URL too (the embedded database has no replicas).');
  }
  const productName = env.PRODUCT_NAME ?? 'Marketplace';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const uploadMaxBytes = readInteger(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024);
  const agencyResumeDays = readInteger(env, 'AGENCY_RESUME_DAYS', 30);
  if (agencyResumeDays === 0) {
    throw new ConfigError('AGENCY_RESUME_DAYS must be more than 0.');
  }
  const reviewTargetDays = readInteger(env, 'REVIEW_TARGET_DAYS', 10);
  if (reviewTargetDays === 0) {
    throw new ConfigError('REVIEW_TARGET_DAYS must be more than 0.');
  }
  if (uploadMaxBytes === 0) {
    throw new ConfigError('UPLOAD_MAX_BYTES must be more than 0.');
  }
  const newThreadsPerSupplierPerDay = readInteger(env, 'NEW_THREADS_PER_SUPPLIER_PER_DAY', 20);
  if (newThreadsPerSupplierPerDay === 0) {
    throw new ConfigError('NEW_THREADS_PER_SUPPLIER_PER_DAY must be more than 0.');
  }

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    isProduction,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: readLogFormat(env, isProduction),
    productName,
    teamContact: { email: env.TEAM_CONTACT_EMAIL || 'help@marketplace.localhost', phone: env.TEAM_CONTACT_PHONE || '04 555 0100' },
    dataDir,
    databaseUrl,
    databaseReadUrl,
    databasePoolSize: readInteger(env, 'DATABASE_POOL_SIZE', 10),
    seedDemo: readBoolean(env, 'SEED_DEMO', !isProduction),
    oidc: {
      issuer: externalIssuer ?? `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID ?? 'marketplace-portal',
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      embedded,
      cookieKeys: cookieKeys.length > 0 ? cookieKeys : [DEVELOPMENT_COOKIE_KEY],
      accessTokenTtl: readInteger(env, 'ACCESS_TOKEN_TTL', 900),
      multiFactorAcr: (env.OIDC_MULTI_FACTOR_ACR ?? '').split(',').map((value) => value.trim()).filter(Boolean),
    },
    loginRateLimit: readInteger(env, 'LOGIN_RATE_LIMIT', 10),
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    viteDevServer: env.VITE_DEV_SERVER?.replace(/\/+$/, '') || undefined,
    mail: readMailConfig(env, isProduction, productName, dataDir),
    jobs: readJobsConfig(env),
    metrics: readMetricsConfig(env),
    tracing: { endpoint: readOptional(env, 'OTEL_EXPORTER_OTLP_ENDPOINT'), serviceName: readOptional(env, 'OTEL_SERVICE_NAME') ?? 'marketplace-portal' },
    shutdown: {
      drainSeconds: readInteger(env, 'SHUTDOWN_DRAIN_SECONDS', isProduction ? 5 : 0),
      timeoutSeconds: readPositiveInteger(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30),
    },
    storage: readStorageConfig(env, dataDir),
    publicForms: readPublicFormsConfig(env, isProduction),
    uploadMaxBytes,
    registrationUploads: {
      bytesPerDay: readPositiveInteger(env, 'REGISTRATION_UPLOAD_BYTES_PER_DAY', 50 * 1024 * 1024),
      keepHours: readPositiveInteger(env, 'REGISTRATION_UPLOAD_KEEP_HOURS', 24),
    },
    agencyResumeDays,
    reviewTargetDays,
    newThreadsPerSupplierPerDay,
    openData: readOpenDataConfig(env),
  };
}

function readOpenDataConfig(env: Env): OpenDataConfig {
  const ocidPrefix = readOptional(env, 'OCDS_PREFIX') ?? 'ocds-nzmp00';
  if (!/^ocds-[a-z0-9]{6}$/.test(ocidPrefix)) {
    throw new ConfigError(`OCDS_PREFIX must be "ocds-" and six lowercase letters or digits, got "${ocidPrefix}"`);
  }
  return { ocidPrefix, rateLimit: readInteger(env, 'OPEN_DATA_RATE_LIMIT', 120) };
}
