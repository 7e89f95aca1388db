import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { formatConfigTable } from './config-docs';

describe('loadConfig', () => {
  it('serves a fresh clone with the embedded database, identity provider and demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.oidc).toMatchObject({ embedded: true, issuer: 'http://localhost:3000/oidc', audience: 'http://localhost:3000/api' });
  });

  it('follows PORT in the default public address', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('uses an external issuer when OIDC_ISSUER is set', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://id.example.govt.nz/', OIDC_CLIENT_ID: 'portal', OIDC_AUDIENCE: 'api://portal' });
    expect(config.oidc).toMatchObject({ embedded: false, issuer: 'https://id.example.govt.nz', clientId: 'portal', audience: 'api://portal' });
  });

  it('refuses production without an identity provider decision, and demo data stays off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', OIDC_EMBEDDED: 'true' })).toThrow(/OIDC_COOKIE_KEYS/);
    const config = loadConfig({ NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz' });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('rejects values that cannot work with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
  });

  it('is documented in the README, variable for variable', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(formatConfigTable());
  });
});
