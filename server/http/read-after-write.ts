/**
 * Which database a lag-tolerant read goes to (issue 33, "Past one machine"). With a hot standby
 * (DATABASE_READ_URL), the public reads (the directory and its CSV, the public profile and listing
 * pages, the open-data feed, insights) go to it, so the primary keeps its connections for writes and
 * the signed-in areas, which always read from the primary (`app.database.db`).
 *
 * A person must still see what they have just written, whichever process answers: every write
 * answered while a standby is configured sets a cookie holding the primary's position after it, and
 * a read from a browser with that cookie goes to the standby only once the standby has replayed that
 * far, to the primary until then. A client that drops cookies reads with the standby's lag.
 */
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-type';
import type { Database } from '../db/client';
import { readCookie } from '../pages/global-alert';

export const READ_AFTER_WRITE_COOKIE = 'read-after-write';
/**
 * How long a browser's write steers its reads: far longer than a standby's usual lag (well under a
 * second); a standby still behind after that is read anyway, as everyone else reads it.
 */
export const READ_AFTER_WRITE_SECONDS = 5 * 60;
/** A `pg_lsn` as PostgreSQL prints it; anything else in the cookie is ignored. */
const POSITION_PATTERN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers a POST without writing (a search): it leaves a browser's reads where they were. */
    readsOnly?: boolean;
  }
  interface FastifyInstance {
    /**
     * The database for a read that tolerates a little lag: the standby, unless the request's browser
     * has written something the standby has not replayed yet; the primary without a standby.
     */
    readDatabase(request: FastifyRequest): Promise<Database>;
  }
}

export function registerReadAfterWrite(app: App): void {
  const { database } = app;
  const { replica } = database;
  if (!replica) {
    app.decorate('readDatabase', () => Promise.resolve(database.db));
    return;
  }
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';

  app.decorate('readDatabase', async (request: FastifyRequest) => {
    const position = readCookie(request.headers.cookie, READ_AFTER_WRITE_COOKIE);
    if (position === undefined || !POSITION_PATTERN.test(position)) {
      return replica.db;
    }
    try {
      return (await replica.hasReplayed(position)) ? replica.db : database.db;
    } catch (error) {
      request.log.warn({ err: error }, 'the read replica did not say how far it has replayed; reading from the primary');
      return database.db;
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (READ_METHODS.has(request.method) || request.routeOptions.config.readsOnly === true || reply.statusCode >= 400) {
      return;
    }
    try {
      const position = await database.writePosition();
      // Fastify adds a second Set-Cookie beside any the route set.
      reply.header('set-cookie', `${READ_AFTER_WRITE_COOKIE}=${position}; Path=/; Max-Age=${String(READ_AFTER_WRITE_SECONDS)}; HttpOnly; SameSite=Lax${secure}`);
    } catch (error) {
      // The write is done; without the cookie this browser reads with the standby's lag.
      request.log.warn({ err: error }, 'could not read the primary\'s position after a write');
    }
  });
}
