/**
 * Journey: the marketplace team manages suppliers in its team screens (issue 13 item 6) as
 * staff@example.com: finds a seeded supplier by name and by NZBN (the search in the URL, so Back
 * returns to the last one), opens its page (details, users, applications, notices, reports,
 * threads, its latest audit entries), suspends it with a reason (the reason required first, then a
 * confirmation naming what will happen), and reinstates it. Each change is checked from the
 * supplier's side in other browser contexts: a visitor no longer finds it in the directory or its
 * CSV, and its user, signing in, meets spec §2's "not attached to an active supplier" error; once
 * reinstated both see it back. The supplier is Southern Alps Facilities, whose only sign-in user is
 * member@example.com (admin@example.com belongs to two suppliers, so suspending one would not leave
 * it unattached). Journeys share one server and run one after another, so afterAll reinstates it
 * whatever happened: the next journey finds the demo data as it was.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamSupplierListResponse } from '../common/api/team-suppliers';
import { DirectoryPage, parseCsv } from './pages/directory-page';
import { NOT_ATTACHED_ERROR } from './pages/header';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt, storedAccessToken } from './support/session';

const SUPPLIER = 'Southern Alps Facilities';
const SUSPEND_REASON = 'Public liability insurance lapsed on 1 November; suspended until the renewal is sent.';
const REINSTATE_REASON = 'Renewed insurance certificate received and checked.';

/** Presses Tab until the focused element is the button or link named `name` (keyboard only). */
async function tabTo(page: Page, name: string, backwards = false): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
    if (focused === name) {
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** Whether a visitor finds the supplier in the directory (searching its name) and in the CSV of every approved supplier. */
async function visitorFinds(browser: Browser): Promise<{ inResults: boolean; inCsv: boolean }> {
  const visitor = await (await newContext(browser)).newPage();
  const searched = await DirectoryPage.open(visitor, `?keyword=${encodeURIComponent(SUPPLIER)}`);
  const inResults = (await searched.resultTitles()).includes(SUPPLIER);
  const directory = await DirectoryPage.open(visitor);
  const [download] = await Promise.all([visitor.waitForEvent('download'), directory.downloadLink.click()]);
  const rows = parseCsv(await readFile(await download.path(), 'utf8')).slice(1);
  const inCsv = rows.some((row) => row[0] === SUPPLIER);
  await visitor.context().close();
  return { inResults, inCsv };
}

/** The supplier as the team's API answers it now: its id and status. */
async function supplierNow(team: Page): Promise<{ id: number; status: string }> {
  const headers = { Authorization: `Bearer ${await storedAccessToken(team)}` };
  const response = await team.request.get(`/api/v1/admin/suppliers?q=${encodeURIComponent(SUPPLIER)}`, { headers });
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as TeamSupplierListResponse).suppliers.find((supplier) => supplier.tradingName === SUPPLIER);
  expect(found, SUPPLIER).toBeDefined();
  return { id: found?.id ?? 0, status: found?.status ?? '' };
}

describe('the team suspends and reinstates a supplier in its app', () => {
  let browser: Browser;
  let team: Page;
  let member: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    team = await (await newContext(browser)).newPage();
    errors = watchPageErrors(team);
    await signInAt(team, '/admin/suppliers', demo.teamMember);
  });

  afterAll(async () => {
    // Whatever happened above: the supplier approved again for the journeys after this one.
    try {
      const { id, status } = await supplierNow(team);
      if (status === 'suspended') {
        const headers = { Authorization: `Bearer ${await storedAccessToken(team)}` };
        await team.request.post(`/api/v1/admin/suppliers/${String(id)}/reinstate`, { headers, data: { reason: 'Reinstated after the team-suppliers journey.' } });
      }
    } finally {
      await browser.close();
    }
  });

  const main = () => team.getByRole('main');
  const row = (name: string) => main().getByRole('row').filter({ hasText: name });
  const searchBox = () => main().getByRole('searchbox', { name: 'Search suppliers' });

  it('finds a seeded supplier by name and by NZBN; the search is in the URL, so Back returns to it', async () => {
    await main().getByRole('heading', { level: 1, name: 'Suppliers' }).waitFor();
    await row('Kōwhai Digital').waitFor();
    await expectNoAxeViolations(team);

    await searchBox().fill('southern alps');
    await main().getByRole('button', { name: 'Search', exact: true }).click();
    await team.waitForURL((url) => url.searchParams.get('q') === 'southern alps');
    await expect.poll(() => main().getByRole('row').count()).toBe(2);
    const found = row(SUPPLIER);
    expect(await found.innerText()).toContain('Approved');
    const nzbn = /NZBN (\d{13})/.exec(await found.innerText())?.[1] ?? '';
    expect(nzbn).toMatch(/^\d{13}$/);
    await main().getByText('1 supplier matching “southern alps”').waitFor();

    await searchBox().fill(nzbn);
    await team.getByLabel('Status').selectOption({ label: 'Approved' });
    await main().getByRole('button', { name: 'Search', exact: true }).click();
    await team.waitForURL((url) => url.searchParams.get('q') === nzbn && url.searchParams.get('status') === 'approved');
    await row(SUPPLIER).waitFor();
    await main().getByText(`1 supplier matching “${nzbn}”, approved`).waitFor();

    await team.goBack();
    await team.waitForURL((url) => url.searchParams.get('q') === 'southern alps');
    await expect.poll(() => searchBox().inputValue()).toBe('southern alps');
    await row(SUPPLIER).waitFor();
    await expectNoAxeViolations(team);
  });

  it('opens the supplier\'s page: its details, users, records and latest audit entries, each in its section', async () => {
    await row(SUPPLIER).getByRole('link', { name: SUPPLIER }).click();
    await main().getByRole('heading', { level: 1, name: SUPPLIER }).waitFor();
    const id = new URL(team.url()).pathname.split('/').pop() ?? '';
    for (const name of ['Suspend this supplier', 'Details', 'Users', 'Applications', 'Engagement notices', 'Billing reports', 'Message threads', 'Latest changes']) {
      await main().getByRole('heading', { level: 2, name, exact: true }).waitFor();
    }
    await main().getByRole('heading', { level: 3, name: 'Company details' }).waitFor();
    expect(await row(demo.member.email).innerText()).toContain(demo.member.name);
    expect(await main().getByRole('link', { name: 'See the full audit history' }).getAttribute('href')).toBe(`/admin/audit?supplier=${id}`);
    await expectNoAxeViolations(team);
  });

  it('suspends it with a reason: the visitor no longer finds it, and its user meets the "not attached" error', async () => {
    await main().getByRole('button', { name: 'Suspend supplier' }).click();
    const summary = main().locator('.error-summary');
    await summary.getByRole('link', { name: 'Enter why you are suspending this supplier' }).waitFor();
    const reason = main().getByLabel('Why are you suspending this supplier?');
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(team);

    await reason.fill(SUSPEND_REASON);
    await main().getByRole('button', { name: 'Suspend supplier' }).click();
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Suspend ${SUPPLIER}?` }).waitFor();
    expect(await dialog.innerText()).toContain(
      'It will disappear from the directory and its CSV at once and its users will not be able to use the dashboard until it is reinstated.',
    );
    await expectNoAxeViolations(team);
    await dialog.getByRole('button', { name: 'Suspend supplier' }).click();

    await main().getByText(`You suspended ${SUPPLIER}.`, { exact: false }).waitFor();
    expect(await main().locator('.status-tag').first().innerText()).toBe('Suspended');
    await main().getByRole('heading', { level: 2, name: 'Reinstate this supplier' }).waitFor();
    expect(await row('Suspended the supplier').innerText()).toContain(SUSPEND_REASON);
    expect(await row('Suspended the supplier').innerText()).toContain(demo.teamMember.name);
    await expectNoAxeViolations(team);

    expect(await visitorFinds(browser)).toEqual({ inResults: false, inCsv: false });

    member = await (await newContext(browser)).newPage();
    await signInAt(member, '/dashboard', demo.member);
    await member.getByRole('main').getByText(NOT_ATTACHED_ERROR).waitFor();
    // Told why, in the team's words, and whom to ask.
    const notice = member.getByRole('region', { name: 'A business you belong to is suspended' });
    expect(await notice.innerText()).toContain(SUSPEND_REASON);
    await expectNoAxeViolations(member);
  });

  it('lists it as suspended, and reinstates it with a reason: the visitor finds it again and its user has the dashboard back', async () => {
    await team.goto('/admin/suppliers?status=suspended');
    await row(SUPPLIER).getByRole('link', { name: SUPPLIER }).click();
    await main().getByRole('heading', { level: 1, name: SUPPLIER }).waitFor();

    await main().getByRole('button', { name: 'Reinstate supplier' }).click();
    await main().locator('.error-summary').getByRole('link', { name: 'Enter why you are reinstating this supplier' }).waitFor();
    await main().getByLabel('Why are you reinstating this supplier?').fill(REINSTATE_REASON);
    await main().getByRole('button', { name: 'Reinstate supplier' }).click();
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Reinstate ${SUPPLIER}?` }).waitFor();
    expect(await dialog.innerText()).toContain('It will be approved again: back in the directory and its CSV at once');
    await dialog.getByRole('button', { name: 'Reinstate supplier' }).click();

    await main().getByText(`You reinstated ${SUPPLIER}. Its status is approved again.`, { exact: false }).waitFor();
    expect(await main().locator('.status-tag').first().innerText()).toBe('Approved');
    expect(await row('Reinstated the supplier').innerText()).toContain(REINSTATE_REASON);
    await expectNoAxeViolations(team);

    expect(await visitorFinds(browser)).toEqual({ inResults: true, inCsv: true });

    await member.reload();
    await member.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    expect(await member.getByRole('main').getByText(NOT_ATTACHED_ERROR).count()).toBe(0);
    expect(await member.getByRole('region', { name: 'A business you belong to is suspended' }).count()).toBe(0);
    await member.context().close();
  });

  it('someone else changed the status first: the server\'s message and the supplier as it now is; then reinstated by keyboard alone', async () => {
    const { id } = await supplierNow(team);
    await team.goto(`/admin/suppliers/${String(id)}`);
    await main().getByRole('heading', { level: 1, name: SUPPLIER }).waitFor();
    // Another team member suspends it while this page is open.
    const headers = { Authorization: `Bearer ${await storedAccessToken(team)}` };
    const other = await team.request.post(`/api/v1/admin/suppliers/${String(id)}/suspend`, { headers, data: { reason: 'Suspended by a colleague.' } });
    expect(other.status()).toBe(200);

    await main().getByLabel('Why are you suspending this supplier?').fill(SUSPEND_REASON);
    await main().getByRole('button', { name: 'Suspend supplier' }).click();
    await team.getByRole('alertdialog').getByRole('button', { name: 'Suspend supplier' }).click();
    await main().getByRole('alert').filter({ hasText: 'This supplier is already suspended.' }).waitFor();
    await main().getByText('This page now shows the supplier as it is.').waitFor();
    await expect.poll(() => main().locator('.status-tag').first().innerText()).toBe('Suspended');
    await main().getByText('Suspended by a colleague.').waitFor();
    await expectNoAxeViolations(team);

    // Put back as it was (afterAll would too), by keyboard alone: the reason, the button, the dialog.
    const reason = main().getByLabel('Why are you reinstating this supplier?');
    await reason.focus();
    await team.keyboard.type(REINSTATE_REASON);
    await tabTo(team, 'Reinstate supplier');
    await team.keyboard.press('Enter');
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Reinstate ${SUPPLIER}?` }).waitFor();
    // Focus starts on the safe choice; reinstating is one step back.
    await expect.poll(() => team.evaluate(() => document.activeElement?.textContent.trim())).toBe('Go back');
    await tabTo(team, 'Reinstate supplier', true);
    await team.keyboard.press('Enter');
    await main().getByText(`You reinstated ${SUPPLIER}.`, { exact: false }).waitFor();
    // The screen's heading has the focus, so the announcement is read from the top.
    await expect.poll(() => team.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  it('fits a 320 px screen: the search and a supplier\'s page, without sideways scrolling', async () => {
    const phone = await (await newContext(browser, { width: 320 })).newPage();
    await signInAt(phone, `/admin/suppliers?q=${encodeURIComponent('southern alps')}`, demo.teamMember);
    const phoneMain = phone.getByRole('main');
    await phoneMain.getByRole('row').filter({ hasText: SUPPLIER }).waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await phoneMain.getByRole('link', { name: SUPPLIER }).click();
    await phoneMain.getByRole('heading', { level: 1, name: SUPPLIER }).waitFor();
    await phoneMain.getByRole('heading', { level: 2, name: 'Latest changes' }).waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await phone.context().close();
    // The browser's only complaint: the 409 the race provoked.
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
  });
});
