/**
 * Every environment variable the server reads, with its default, in one place.
 * Defaults make `npm start` on a fresh clone serve the whole portal; production must opt in to
 * the embedded identity provider and demo data, and must supply its own secrets.
 * The README's table of variables is checked against `configVariables` by a test.
 */
import path from 'node:path';

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
  { name: 'PRODUCT_NAME', default: 'Marketplace', description: 'Product name shown in titles and texts.' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the embedded database (PGlite) and local files.' },
  { name: 'DATABASE_URL', default: undefined, description: 'PostgreSQL (15+) connection string; when set, the embedded database is not used.' },
  { name: 'DATABASE_POOL_SIZE', default: '10', description: 'Connections in the PostgreSQL pool.' },
  { name: 'SEED_DEMO', default: 'true (false in production)', description: 'Seed demo data into an empty database at start.' },
  { name: 'OIDC_ISSUER', default: undefined, description: 'External OpenID Connect issuer; when unset the embedded provider under `/oidc` is used.' },
  { name: 'OIDC_CLIENT_ID', default: 'marketplace-portal', description: 'Client id the browser apps sign in with.' },
  { name: 'OIDC_AUDIENCE', default: '$PUBLIC_URL/api', description: 'Audience the API expects in access tokens.' },
  { name: 'OIDC_EMBEDDED', default: 'true when OIDC_ISSUER is unset (false in production)', description: 'Run the embedded identity provider; production must set `true` explicitly.' },
  { name: 'OIDC_COOKIE_KEYS', default: 'a development key', description: 'Comma-separated secrets signing the embedded provider\'s cookies; required in production.' },
  { name: 'ACCESS_TOKEN_TTL', default: '900', description: 'Lifetime of access tokens from the embedded provider, in seconds.' },
  { name: 'LOGIN_RATE_LIMIT', default: '10', description: 'Sign-in attempts allowed per client address per minute.' },
  { name: 'TRUST_PROXY', default: 'false', description: 'Trust `X-Forwarded-*` headers (set `true` behind a TLS-terminating proxy).' },
  { name: 'VITE_DEV_SERVER', default: undefined, description: 'Set by `npm run dev`: pages load the apps from this Vite dev server (hot reload) instead of `dist/`.' },
];

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  isProduction: boolean;
  logLevel: string;
  productName: string;
  dataDir: string;
  /** `undefined`: the embedded PGlite database in `dataDir`; `'memory'` is for tests. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  seedDemo: boolean;
  oidc: {
    issuer: string;
    clientId: string;
    audience: string;
    embedded: boolean;
    cookieKeys: string[];
    accessTokenTtl: number;
  };
  loginRateLimit: number;
  trustProxy: boolean;
  /** Development only: origin of the Vite dev server that serves the apps with hot reload. */
  viteDevServer: string | undefined;
}

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

  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    isProduction,
    logLevel: env.LOG_LEVEL ?? 'info',
    productName: env.PRODUCT_NAME ?? 'Marketplace',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
    databasePoolSize: readInteger(env, 'DATABASE_POOL_SIZE', 10),
    seedDemo: readBoolean(env, 'SEED_DEMO', !isProduction),
    oidc: {
      issuer: externalIssuer ?? `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID ?? 'marketplace-portal',
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      embedded,
      cookieKeys: cookieKeys.length > 0 ? cookieKeys : [DEVELOPMENT_COOKIE_KEY],
      accessTokenTtl: readInteger(env, 'ACCESS_TOKEN_TTL', 900),
    },
    loginRateLimit: readInteger(env, 'LOGIN_RATE_LIMIT', 10),
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    viteDevServer: env.VITE_DEV_SERVER?.replace(/\/+$/, '') || undefined,
  };
}
