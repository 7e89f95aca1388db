import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Credentials of the embedded identity provider. Separate from `users` on purpose: the API treats
 * the embedded provider like any external issuer and links users to identities by subject.
 */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('identity_accounts_email_key').on(sql`lower(${table.email})`)],
);

/** oidc-provider's sessions, grants, codes and tokens, so restarts and second processes share them. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.type] }),
    index('oidc_payloads_grant_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** Small server-wide values generated once, such as the embedded provider's signing keys. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Forgot your password?" links of the embedded provider. Only the SHA-256 of the token is stored;
 * a link works once, for an hour, and a newer one replaces it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_resets_token_hash_key').on(table.tokenHash), index('password_resets_account_idx').on(table.accountId)],
);

/**
 * Failed sign-ins per account name, shared by every server process, for the growing delays of
 * server/auth/sign-in-throttle.ts. Keyed by a hash of the typed email, so no address anyone typed
 * (theirs or a stranger's) is stored in the clear.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    accountKey: text('account_key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [index('sign_in_failures_last_failure_idx').on(table.lastFailureAt)],
);

/**
 * What 'Your account' shows of each sign-in of the embedded provider, beside its `Session` record in
 * `oidc_payloads` (keyed by the session's `uid`, which stays when the provider renews the session's
 * id): the browser's user agent and address at sign-in, and when it last called the API (written at
 * most about once a minute). A row whose session is gone is swept with the expired records.
 */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    sessionUid: text('session_uid').primaryKey(),
    userAgent: text('user_agent').notNull(),
    address: text('address'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
);
