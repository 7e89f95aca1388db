/**
 * `app.authenticate`: the bearer token → `request.currentUser`. The user row is found by the
 * identity's subject (`issuer|sub`); on a first sign-in it is linked to an existing row with the same
 * email that has no subject yet (people the marketplace team or the seed added before they ever signed
 * in), or created.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { App } from '../app-type';
import { users } from '../db/schema/index';
import { AppError, ErrorCode } from '../errors';
import type { AuthenticatedUser } from './context';
import { SIGNED_OUT_MESSAGE, type ProfileClaims, type TokenVerifier, type VerifiedAccessToken } from './verify-token';

// RFC 6750 §2.1: `Bearer` then a b64token.
const BEARER_PATTERN = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const MAX_NAME_LENGTH = 200;
const MAX_EMAIL_LENGTH = 320;

type UserRow = typeof users.$inferSelect;

function toAuthenticatedUser(row: UserRow): AuthenticatedUser {
  return { id: row.id, email: row.email, name: row.name, isTeamMember: row.isTeamMember, activeSupplierId: row.activeSupplierId };
}

/** The token of `Authorization: Bearer <token>`; 401 when missing or malformed. */
export function readBearerToken(header: string | undefined): string {
  if (header === undefined || header.trim() === '') {
    throw new AppError(ErrorCode.Unauthorized, 'Sign in to continue: send your access token as "Authorization: Bearer <token>".');
  }
  const match = BEARER_PATTERN.exec(header);
  if (!match?.[1]) {
    throw new AppError(ErrorCode.Unauthorized, 'The Authorization header must read "Bearer <access token>".');
  }
  return match[1];
}

/** Whether userinfo's address is the token's (userinfo's `email_verified` speaks of its own `email`); any, when the token has none. */
function sameAddress(a: string, b: string | undefined): boolean {
  return b === undefined || a.toLowerCase() === b.toLowerCase();
}

export function createAuthenticate(app: App, verifier: TokenVerifier): preValidationAsyncHookHandler {
  const { db } = app.database;

  const findBySubject = async (subject: string) => {
    const [row] = await db.select().from(users).where(eq(users.subject, subject)).limit(1);
    return row;
  };

  const provision = async (request: FastifyRequest, token: string, identity: VerifiedAccessToken): Promise<UserRow> => {
    let profile: ProfileClaims = { email: identity.email, name: identity.name, emailVerified: identity.emailVerified };
    if (!profile.email || profile.emailVerified === undefined) {
      // Only an external issuer's token can lack the email or not say whether it is verified; ask
      // its userinfo endpoint, once (later requests find the user by subject).
      try {
        const fetched = await verifier.fetchProfile(token, identity.sub);
        if (fetched) {
          profile = {
            email: profile.email ?? fetched.email,
            name: profile.name ?? fetched.name,
            emailVerified: profile.emailVerified ?? (fetched.email !== undefined && sameAddress(fetched.email, profile.email) ? fetched.emailVerified : undefined),
          };
        }
      } catch (error) {
        request.log.warn({ err: error }, 'could not read the identity provider userinfo');
      }
    }
    const email = profile.email?.slice(0, MAX_EMAIL_LENGTH);
    if (!email) {
      throw new AppError(ErrorCode.Unauthorized, 'The identity provider did not share your email address, so you cannot be signed in.');
    }
    const name = (profile.name ?? email).slice(0, MAX_NAME_LENGTH);

    // Link only an address the issuer says is verified (a missing claim is not a yes): otherwise
    // anyone who can set an email at their issuer could claim a listed person's account.
    if (profile.emailVerified === true) {
      const [linked] = await db
        .update(users)
        .set({ subject: identity.subject, updatedAt: new Date() })
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.subject)))
        .returning();
      if (linked) {
        await app.audit.record({
          actorUserId: linked.id,
          action: 'user.link-identity',
          entity: 'user',
          entityId: linked.id,
          after: { subject: identity.subject },
          requestId: request.id,
        });
        request.log.info({ userId: linked.id }, 'linked a user to their identity on first sign-in');
        return linked;
      }
    }

    const [created] = await db.insert(users).values({ email, name, subject: identity.subject }).onConflictDoNothing().returning();
    if (created) {
      await app.audit.record({
        actorUserId: created.id,
        action: 'user.create',
        entity: 'user',
        entityId: created.id,
        after: { email, name, subject: identity.subject },
        requestId: request.id,
      });
      request.log.info({ userId: created.id }, 'created a user on first sign-in');
      return created;
    }
    // A parallel request of the same person won the race, or the email belongs to someone else.
    const raced = await findBySubject(identity.subject);
    if (raced) {
      return raced;
    }
    request.log.warn({ subject: identity.subject }, 'sign-in refused: the email address belongs to another user');
    throw new AppError(
      ErrorCode.Forbidden,
      'Your email address is already used by another account. Contact the marketplace team to have your sign-in linked.',
    );
  };

  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = readBearerToken(request.headers.authorization);
    const identity = await verifier.verify(token);
    // Two reads side by side on every API call: the person, and whether their sign-in still stands.
    const [found, isLive] = await Promise.all([findBySubject(identity.subject), verifier.isSignInLive(identity)]);
    if (!isLive) {
      throw new AppError(ErrorCode.Unauthorized, SIGNED_OUT_MESSAGE);
    }
    const row = found ?? (await provision(request, token, identity));
    request.currentUser = toAuthenticatedUser(row);
    request.accessToken = identity;
  };
}
