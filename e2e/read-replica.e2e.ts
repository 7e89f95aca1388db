/**
 * Past one machine (issue 33), in a real browser: two processes of the built portal share a
 * PostgreSQL primary and read public pages from its hot standby (DATABASE_READ_URL), both clusters
 * started here (server/resilience/postgres-standby.ts). The standby's replay is paused, as a lagging
 * standby would be. A supplier admin changes their public description on one process, then opens
 * their public profile on the other at once and reads their change; a visitor in another browser
 * still reads the standby's copy until it has replayed the change.
 * (server/resilience/read-replica.test.ts covers the same at the HTTP level, cookie by cookie.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrimaryAndStandby, waitForStandby, type PrimaryAndStandby } from '../server/resilience/postgres-standby';
import { startServer, type ServerProcess } from '../server/resilience/support';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { expectNoAxeViolations, expectNoSidewaysScroll, watchPageErrors } from './support/browser';
import { EditSupplierStep, SupplierDetailsPage } from './pages/supplier-details-page';
import { SupplierProfilePage } from './pages/supplier-profile-page';
import { demo, signInAt } from './support/session';

const DATABASE = 'marketplace';

async function contextOn(browser: Browser, server: ServerProcess, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.publicUrl, viewport: { width, height: 900 } });
  context.setDefaultTimeout(15_000);
  return context;
}

describe('two processes reading public pages from a standby', () => {
  let clusters: PrimaryAndStandby | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];
  let browser: Browser;

  beforeAll(async () => {
    clusters = await startPrimaryAndStandby();
    await clusters.primary.query(`create database ${DATABASE}`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-replica-journey-'));
    const options = { dataDir, bundle: true, databaseUrl: clusters.primary.url(DATABASE), env: { DATABASE_READ_URL: clusters.standby.url(DATABASE) } };
    // Each at its own address (localhost:<port>): a browser keeps one set of cookies for localhost, whatever the port.
    servers.push(await startServer(options));
    servers.push(await startServer(options));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  });

  afterAll(async () => {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
    await clusters?.stop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('an admin saves their description on one process and reads it on the other at once; a visitor reads the standby until it catches up', async () => {
    const [writer, reader] = servers;
    if (!writer || !reader || !clusters) {
      throw new Error('the servers did not start');
    }
    const page = await (await contextOn(browser, writer)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/dashboard/supplier', demo.admin);
    const details = new SupplierDetailsPage(page);
    await details.waitForDetails();
    const profileLink = details.publicListing().getByRole('link', { name: 'View your public profile' });
    const profilePath = new URL((await profileLink.getAttribute('href')) ?? '', writer.publicUrl).pathname;

    // The visitor, in another browser, on the reading process, before the change.
    await waitForStandby(clusters);
    const visitor: Page = await (await contextOn(browser, reader, 320)).newPage();
    await visitor.goto(profilePath);
    await SupplierProfilePage.verifyOnPage(visitor, 'Kōwhai Digital');
    const before = await visitor.locator('.lead').innerText();

    await clusters.standby.query('select pg_wal_replay_pause()');
    const description = 'Accessible public services for councils and ministries, now with accessibility audits.';
    await details.changeLink('Public profile').click();
    const step = await EditSupplierStep.waitFor(page, 'Public profile');
    await step.field('Description of your business (optional)').fill(description);
    await step.save('Public profile');
    await details.savedNotice().waitFor();

    // At once, on the other process: the admin's own change.
    await page.goto(`${reader.publicUrl}${profilePath}`);
    await SupplierProfilePage.verifyOnPage(page, 'Kōwhai Digital');
    expect(await page.locator('.lead').innerText()).toBe(description);
    await expectNoAxeViolations(page);

    // The visitor reloads: the paused standby still has the description before.
    await visitor.reload();
    expect(await visitor.locator('.lead').innerText()).toBe(before);
    expect(before).not.toBe(description);
    await expectNoSidewaysScroll(visitor);

    // Replayed, the standby shows it to everyone.
    await clusters.standby.query('select pg_wal_replay_resume()');
    await waitForStandby(clusters);
    await visitor.reload();
    expect(await visitor.locator('.lead').innerText()).toBe(description);
    expect(errors).toEqual([]);
  });
});
