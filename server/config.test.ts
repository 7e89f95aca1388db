import { readFileSync } from 'node:fs';
import path from 'node:path';
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
    const production = { NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz', SMTP_URL: 'smtp://smtp.example.govt.nz', PUBLIC_FORM_SECRET: 'a-production-secret-of-32-characters-or-more' };
    const config = loadConfig(production);
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives the public forms\' tokens from PUBLIC_FORM_SECRET, required in production and random per start elsewhere', () => {
    const production = { NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz', SMTP_URL: 'smtp://smtp.example.govt.nz' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_FORM_SECRET is required in production/);
    expect(() => loadConfig({ PUBLIC_FORM_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(loadConfig({ ...production, PUBLIC_FORM_SECRET: 'a-production-secret-of-32-characters-or-more' }).publicForms.secret).toBe('a-production-secret-of-32-characters-or-more');
    const first = loadConfig({}).publicForms;
    expect(first).toMatchObject({ rateLimit: 30, numberRateLimit: 10 });
    expect(first.secret).toHaveLength(64);
    expect(loadConfig({}).publicForms.secret).not.toBe(first.secret);
    expect(loadConfig({ PUBLIC_FORM_RATE_LIMIT: '0', CHECK_SUPPLIER_NUMBER_RATE_LIMIT: '3' }).publicForms).toMatchObject({ rateLimit: 0, numberRateLimit: 3 });
  });

  it('rejects values that cannot work with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
  });

  it('reads lag-tolerant pages from DATABASE_READ_URL, a standby of DATABASE_URL only (issue 33)', () => {
    const primary = 'postgres://app@db-primary:5432/marketplace';
    const standby = 'postgres://app@db-standby:5432/marketplace';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: standby })).toMatchObject({ databaseUrl: primary, databaseReadUrl: standby });
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: '' }).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: standby })).toThrow('DATABASE_READ_URL is a standby of DATABASE_URL: set DATABASE_URL too');
  });

  it('keeps mail in $DATA_DIR/outbox and uploads in $DATA_DIR/uploads by default, up to 10 MB', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config.mail).toEqual({
      transport: 'outbox',
      smtpUrl: undefined,
      from: 'Marketplace <no-reply@marketplace.localhost>',
      outboxDir: path.join('/srv/portal', 'outbox'),
      isOutboxRemote: false,
    });
    expect(config.storage).toEqual({ driver: 'local', directory: path.join('/srv/portal', 'uploads') });
    expect(config.uploadMaxBytes).toBe(10485760);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1048576' }).uploadMaxBytes).toBe(1048576);
  });

  it('budgets and keeps registration uploads, and expires public form tokens, as configured (issue 29)', () => {
    const defaults = loadConfig({});
    expect(defaults.registrationUploads).toEqual({ bytesPerDay: 50 * 1024 * 1024, keepHours: 24 });
    expect(defaults.publicForms.tokenTtlSeconds).toBe(24 * 60 * 60);
    expect(defaults.mail.isOutboxRemote).toBe(false);
    const set = loadConfig({ REGISTRATION_UPLOAD_BYTES_PER_DAY: '1000', REGISTRATION_UPLOAD_KEEP_HOURS: '2', PUBLIC_FORM_TOKEN_HOURS: '1', DEV_OUTBOX_REMOTE: 'true' });
    expect(set.registrationUploads).toEqual({ bytesPerDay: 1000, keepHours: 2 });
    expect(set.publicForms.tokenTtlSeconds).toBe(3600);
    expect(set.mail.isOutboxRemote).toBe(true);
    expect(() => loadConfig({ REGISTRATION_UPLOAD_KEEP_HOURS: '0' })).toThrow('REGISTRATION_UPLOAD_KEEP_HOURS must be more than 0.');
    expect(() => loadConfig({ PUBLIC_FORM_TOKEN_HOURS: '0' })).toThrow('PUBLIC_FORM_TOKEN_HOURS must be more than 0.');
  });

  it('sends mail through SMTP_URL from MAIL_FROM, and names the product in the default sender', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@smtp.example.govt.nz', MAIL_FROM: 'Portal <portal@example.govt.nz>' }).mail).toMatchObject({
      transport: 'smtp',
      smtpUrl: 'smtps://user:secret@smtp.example.govt.nz',
      from: 'Portal <portal@example.govt.nz>',
    });
    expect(loadConfig({ PRODUCT_NAME: 'Te Mākete' }).mail.from).toBe('Te Mākete <no-reply@marketplace.localhost>');
    // A comma would split the address list: such a name is quoted.
    expect(loadConfig({ PRODUCT_NAME: 'Buy, "Sell" & Co' }).mail.from).toBe('"Buy, Sell & Co" <no-reply@marketplace.localhost>');
  });

  it('refuses production without a mail decision, so invitations are never silently kept on disk', () => {
    const production = { NODE_ENV: 'production', OIDC_ISSUER: 'https://id.example.govt.nz', PUBLIC_FORM_SECRET: 'a-production-secret-of-32-characters-or-more' };
    expect(() => loadConfig(production)).toThrow(/Set SMTP_URL to send mail, or MAIL_OUTBOX=true/);
    expect(loadConfig({ ...production, MAIL_OUTBOX: 'true' }).mail.transport).toBe('outbox');
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://smtp.example.govt.nz' }).mail.transport).toBe('smtp');
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.govt.nz', MAIL_OUTBOX: 'true' })).toThrow(/not both/);
    expect(() => loadConfig({ MAIL_OUTBOX: 'false' })).toThrow(/needs SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp.example.govt.nz' })).toThrow(/smtp:\/\/ or smtps:\/\//);
  });

  it('stores uploads in an S3 bucket when STORAGE_DRIVER=s3', () => {
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'uploads', AWS_REGION: 'ap-southeast-2' }).storage).toEqual({
      driver: 's3',
      bucket: 'uploads',
      region: 'ap-southeast-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const compatible = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'uploads',
      S3_REGION: 'nz-north-1',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(compatible.storage).toEqual({
      driver: 's3',
      bucket: 'uploads',
      region: 'nz-north-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('refuses storage and upload settings that cannot work', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_DRIVER=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be local or s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must start with/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '10MB' })).toThrow(/UPLOAD_MAX_BYTES must be a whole number/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '0' })).toThrow(/UPLOAD_MAX_BYTES must be more than 0/);
  });

  it('aims to act on queued items within REVIEW_TARGET_DAYS working days, 10 by default', () => {
    expect(loadConfig({}).reviewTargetDays).toBe(10);
    expect(loadConfig({ REVIEW_TARGET_DAYS: '5' }).reviewTargetDays).toBe(5);
    expect(() => loadConfig({ REVIEW_TARGET_DAYS: 'ten' })).toThrow(/REVIEW_TARGET_DAYS must be a whole number/);
    expect(() => loadConfig({ REVIEW_TARGET_DAYS: '2.5' })).toThrow(/REVIEW_TARGET_DAYS must be a whole number/);
    expect(() => loadConfig({ REVIEW_TARGET_DAYS: '0' })).toThrow(/REVIEW_TARGET_DAYS must be more than 0/);
  });

  it('is documented in the README, variable for variable', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(formatConfigTable());
  });
});
