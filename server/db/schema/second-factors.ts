import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { identityAccounts } from './identity';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A second factor of an embedded-provider account (issue 29): an authenticator app (TOTP secret)
 * or a passkey (WebAuthn credential). An external issuer keeps its own; the portal reads its `amr`.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    /** `authenticator-app` or `passkey`. */
    kind: text('kind').notNull(),
    /** The name the person gave it, so they can tell two apart. */
    name: text('name').notNull(),
    /** Base32 secret of an authenticator app. */
    totpSecret: text('totp_secret'),
    /** The last time step whose code was accepted: a code works once (RFC 6238 §5.2). */
    totpLastTimeStep: bigint('totp_last_time_step', { mode: 'number' }),
    /** A passkey's credential id (base64url), its COSE public key and signature counter. */
    credentialId: text('credential_id'),
    publicKey: bytea('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: jsonb('transports').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('second_factors_account_idx').on(table.accountId),
    uniqueIndex('second_factors_credential_key').on(table.credentialId).where(sql`${table.credentialId} IS NOT NULL`),
  ],
);

/** One-time recovery codes: only their SHA-256 is kept (they are long random strings, not passwords). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_account_idx').on(table.accountId), uniqueIndex('recovery_codes_hash_key').on(table.accountId, table.codeHash)],
);

/**
 * Work in progress between two requests: a sign-in whose password was right and waits for the
 * second factor (`purpose` = `sign-in`, keyed by the provider's interaction uid, which its cookie ties
 * to one browser), or a factor being set up (`purpose` = `set-up`, keyed by the account).
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    key: text('key').primaryKey(),
    purpose: text('purpose').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => identityAccounts.id, { onDelete: 'cascade' }),
    /** A WebAuthn challenge, or the secret of an authenticator app being set up. */
    challenge: text('challenge'),
    /** A sign-in's attempt budget (server/auth/sign-in-throttle.ts), given back only when the code is right too. */
    signInBudgetKey: text('sign_in_budget_key'),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('second_factor_challenges_expires_idx').on(table.expiresAt)],
);
