/**
 * Past one machine (issue 33): two app processes behind one address share a PostgreSQL primary and
 * read the public pages from its hot standby (DATABASE_READ_URL), a real streaming replica this test
 * starts (`postgres-standby.ts`: initdb, then pg_basebackup). A supplier admin changes their public
 * summary through one process, as their browser would, and reads their public profile through the
 * other at once: they see their change, while a visitor without their cookie is still served by the
 * standby. The standby's replay is paused for the write, so the two cannot be told apart by luck.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_HEADER } from '../../common/constants';
import type { PublicListing } from '../../common/api/supplier-listing';
import type { SupplierDetails } from '../../common/api/supplier-details';
import type { CurrentUserResponse } from '../../common/api/user';
import { READ_AFTER_WRITE_COOKIE } from '../http/read-after-write';
import { startPrimaryAndStandby, waitForStandby, type PrimaryAndStandby } from './postgres-standby';
import { DEMO_PASSWORD, callApi, signInOverHttp, startServer, type ApiCaller, type ServerProcess } from './support';

const DATABASE = 'marketplace';
const PUBLIC_URL = 'http://replica.test';

/** `text` as the pages' HTML writes it (React's escapes). */
function asHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** GET of a public page as a browser with `cookie` (or none); its status and HTML. */
async function openPage(server: ServerProcess, pagePath: string, cookie?: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.baseUrl}${pagePath}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, html: await response.text() };
}

describe('a hot standby behind DATABASE_READ_URL, with two app processes', () => {
  let clusters: PrimaryAndStandby | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    clusters = await startPrimaryAndStandby();
    await clusters.primary.query(`create database ${DATABASE}`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-replica-'));
    const options = {
      dataDir,
      databaseUrl: clusters.primary.url(DATABASE),
      publicUrl: PUBLIC_URL,
      env: { DATABASE_READ_URL: clusters.standby.url(DATABASE) },
    };
    // One after the other: the first migrates and seeds the demo data, the second finds it there.
    servers.push(await startServer(options));
    servers.push(await startServer(options));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await clusters?.stop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('shows a person their own write at once on the other process, while others read the standby until it has replayed it', async () => {
    const [writer, reader] = servers;
    if (!writer || !reader || !clusters) {
      throw new Error('the servers did not start');
    }
    const { accessToken } = await signInOverHttp(writer, 'admin@example.com', DEMO_PASSWORD);
    const user = await callApi<CurrentUserResponse>(writer.baseUrl, { accessToken }, 'GET', '/user');
    // A supplier the admin runs whose public profile is live.
    let caller: ApiCaller | undefined;
    let profilePath: string | null = null;
    for (const supplier of user.body.suppliers.filter((candidate) => candidate.isAdmin)) {
      const listing = await callApi<PublicListing>(writer.baseUrl, { accessToken, supplierId: supplier.supplierID }, 'GET', '/user/listings');
      if (listing.body.profilePath) {
        caller = { accessToken, supplierId: supplier.supplierID };
        profilePath = listing.body.profilePath;
        break;
      }
    }
    if (!caller || !profilePath) {
      throw new Error('the demo admin runs no supplier with a public profile');
    }
    const before = await callApi<SupplierDetails>(writer.baseUrl, caller, 'GET', '/user/details');
    expect(before.status).toBe(200);
    const oldSummary = asHtml(String(before.body.description));
    const newSummary = `Now also offering accessibility audits (${String(Date.now())})`;

    await waitForStandby(clusters);
    expect((await openPage(reader, profilePath)).html).toContain(oldSummary);

    // The standby stops replaying: what the primary writes now reaches it only once resumed.
    await clusters.standby.query('select pg_wal_replay_pause()');
    const response = await fetch(`${writer.baseUrl}/api/v1/supplier-registration`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, [SUPPLIER_HEADER]: String(caller.supplierId), 'content-type': 'application/json' },
      body: JSON.stringify({ last_edited: before.body.last_edited, description: newSummary }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${READ_AFTER_WRITE_COOKIE}=`));
    expect(setCookie).toMatch(new RegExp(`^${READ_AFTER_WRITE_COOKIE}=[0-9A-F]+/[0-9A-F]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`));
    const cookie = (setCookie ?? '').split(';')[0];

    // The writer's browser, on the other process: its own change, read from the primary.
    const own = await openPage(reader, profilePath, cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain(newSummary);
    // A visitor without the cookie is served by the standby, which has not replayed the change.
    const visitor = await openPage(reader, profilePath);
    expect(visitor.html).toContain(oldSummary);
    expect(visitor.html).not.toContain(newSummary);
    // A cookie that is not a position is ignored: the standby answers.
    expect((await openPage(reader, profilePath, `${READ_AFTER_WRITE_COOKIE}=../../etc`)).html).toContain(oldSummary);
    // The other lag-tolerant reads answer from the paused standby too; a search sent as a POST is
    // not a write, so it leaves the visitor's reads with the standby.
    const search = await fetch(`${reader.baseUrl}/api/v1/directory/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'digital' }),
    });
    expect(search.status).toBe(200);
    expect(search.headers.getSetCookie()).toEqual([]);
    for (const pagePath of ['/approved-suppliers', '/insights', '/api/v1/open-data/releases', '/sales-channels']) {
      expect((await openPage(reader, pagePath)).status, pagePath).toBe(200);
    }
    // The cookies page names the cookie where it is set.
    expect((await openPage(reader, '/cookies')).html).toContain(`<code>${READ_AFTER_WRITE_COOKIE}</code>`);
    // Signed-in screens read from the primary whatever the cookie.
    const details = await callApi<SupplierDetails>(reader.baseUrl, caller, 'GET', '/user/details');
    expect(details.body.description).toBe(newSummary);

    // Replay resumed, everyone sees the change on the standby.
    await clusters.standby.query('select pg_wal_replay_resume()');
    await waitForStandby(clusters);
    expect((await openPage(reader, profilePath)).html).toContain(newSummary);
    expect((await openPage(writer, profilePath)).html).toContain(newSummary);
  }, 120_000);
});
