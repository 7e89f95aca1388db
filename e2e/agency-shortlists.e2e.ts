/**
 * Journey: shortlists (issue 31). The demo agency's admin (buyer@example.com) opens Shortlists from
 * the agency dashboard's side navigation, is refused an empty name, makes a shortlist, finds
 * Kōwhai Digital by searching the directory and adds it with a note, changes the note, shares the
 * shortlist, downloads it as CSV, removes the supplier and deletes the shortlist, each after
 * confirming. Then it saves Kōwhai Digital from the directory's search results to a new shortlist
 * and Tūī Cyber from its profile to that one, and deletes it. axe and 320 px on each screen. The shortlist's name is new each run and it is deleted
 * at the end, so other journeys see the demo data as it was.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryPage, parseCsv } from './pages/directory-page';
import { SaveToShortlistPage, ShortlistPage, ShortlistsPage } from './pages/shortlist-pages';
import { expectAccessibleOnDesktopAndPhone, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demoBuyer, signInAt } from './support/session';

const KOWHAI = 'Kōwhai Digital';
const TUI = 'Tūī Cyber';
const NAME = `Website rebuild ${Date.now().toString(36)}`;
const FROM_DIRECTORY = `Intranet ${Date.now().toString(36)}`;
/** "Save to a shortlist", naming the supplier to a screen reader. */
const saveLinkName = (supplier: string) => new RegExp(`^Save\\s+${supplier}\\s+to a shortlist$`);

describe('shortlists', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  let shortlist: ShortlistPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/agency/engagement-notices', demoBuyer);
  });
  afterAll(() => browser.close());

  it('opens the shortlists from the side navigation', async () => {
    await page.getByRole('navigation', { name: 'Agency dashboard' }).getByRole('link', { name: 'Shortlists', exact: true }).click();
    await ShortlistsPage.verifyOnPage(page);
    await expectAccessibleOnDesktopAndPhone(page);
  });

  it('refuses a shortlist with no name, then makes one and opens it', async () => {
    const form = await (await ShortlistsPage.verifyOnPage(page)).openNewForm();
    await expectAccessibleOnDesktopAndPhone(page);
    await form.submit();
    await form.errorSummary.waitFor();
    expect((await form.errorSummary.innerText()).trim()).toContain('Enter a name for the shortlist');
    await expectAccessibleOnDesktopAndPhone(page);
    shortlist = await form.make(NAME);
    expect((await shortlist.shareButton().innerText()).trim()).toBe('Share with your agency');
    await expectAccessibleOnDesktopAndPhone(page);
  });

  it('finds Kōwhai Digital in the directory and adds it with a note', async () => {
    await shortlist.search('Kōwhai');
    const result = shortlist.result(KOWHAI);
    await result.waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    await shortlist.add(KOWHAI, 'Built the regional portal');
    await shortlist.supplierRow(KOWHAI).filter({ hasText: 'Built the regional portal' }).waitFor();
    await result.getByText('On this shortlist').waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
  });

  it('changes the note on the supplier', async () => {
    await shortlist.editNote(KOWHAI, 'Ask for a quote by Friday');
    await shortlist.supplierRow(KOWHAI).filter({ hasText: 'Ask for a quote by Friday' }).waitFor();
  });

  it('shares the shortlist with the agency', async () => {
    await shortlist.shareButton().click();
    await shortlist.waitForMessage('The shortlist is now shared with everyone in your agency.');
    expect((await shortlist.shareButton().innerText()).trim()).toBe('Stop sharing');
  });

  it('downloads the shortlist as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
    const [header, ...rows] = parseCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Name', 'Channel', 'Catalogue', 'Service', 'Price', 'Note']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[0] === KOWHAI && row[5] === 'Ask for a quote by Friday')).toBe(true);
  });

  it('lists the shared shortlist', async () => {
    await page.getByRole('navigation', { name: 'Agency dashboard' }).getByRole('link', { name: 'Shortlists', exact: true }).click();
    const list = await ShortlistsPage.verifyOnPage(page);
    const row = list.row(NAME);
    await row.waitFor();
    expect(await row.innerText()).toContain('Shared with your agency');
    expect(await row.innerText()).toContain('1 supplier');
    await expectAccessibleOnDesktopAndPhone(page);
    await row.getByRole('link', { name: NAME, exact: true }).click();
    shortlist = await ShortlistPage.verifyOnPage(page, NAME);
  });

  it('removes the supplier after confirming', async () => {
    const dialog = await shortlist.askToRemove(KOWHAI);
    expect(await dialog.title()).toBe(`Remove ${KOWHAI} from the shortlist?`);
    await expectAccessibleOnDesktopAndPhone(page);
    await dialog.button('Remove supplier').click();
    await dialog.waitForClosed();
    await shortlist.waitForMessage(`${KOWHAI} was removed from the shortlist.`);
    await page.getByText('There are no suppliers on this shortlist yet.').waitFor();
  });

  it('deletes the shortlist after confirming', async () => {
    const dialog = await shortlist.askToDelete();
    expect(await dialog.title()).toBe(`Delete ${NAME}?`);
    await dialog.button('Delete shortlist').click();
    const list = await ShortlistsPage.verifyOnPage(page);
    await list.waitForMessage(`The shortlist ${NAME} was deleted.`);
    expect(await list.row(NAME).count()).toBe(0);
  });

  it("saves Kōwhai Digital from the directory's results to a new shortlist", async () => {
    const directory = await DirectoryPage.open(page, `?keyword=${encodeURIComponent('Kōwhai')}`);
    // The link shows once the header has fetched who is signed in.
    await directory.results.getByRole('link', { name: saveLinkName(KOWHAI) }).click();
    const save = await SaveToShortlistPage.verifyOnPage(page, KOWHAI);
    await expectAccessibleOnDesktopAndPhone(page);
    await save.submit();
    await save.errorSummary.waitFor();
    expect((await save.errorSummary.innerText()).trim()).toContain('Select a shortlist, or a new one');
    shortlist = await save.save({ choice: 'A new shortlist', newName: FROM_DIRECTORY, note: 'Found in the directory' });
    await shortlist.supplierRow(KOWHAI).filter({ hasText: 'Found in the directory' }).waitFor();
  });

  it("saves Tūī Cyber from its profile to that shortlist, then the shortlist is deleted", async () => {
    const directory = await DirectoryPage.open(page, `?keyword=${encodeURIComponent('Tūī Cyber')}`);
    await directory.results.getByRole('link', { name: TUI, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: TUI }).waitFor();
    await expectAccessibleOnDesktopAndPhone(page);
    await page.getByRole('main').getByRole('link', { name: saveLinkName(TUI) }).click();
    const save = await SaveToShortlistPage.verifyOnPage(page, TUI);
    shortlist = await save.save({ choice: FROM_DIRECTORY, note: '' });
    await shortlist.supplierRow(TUI).waitFor();
    expect(await shortlist.supplierRow(KOWHAI).count()).toBe(1);

    const dialog = await shortlist.askToDelete();
    await dialog.button('Delete shortlist').click();
    await (await ShortlistsPage.verifyOnPage(page)).waitForMessage(`The shortlist ${FROM_DIRECTORY} was deleted.`);
    expect(errors).toEqual([]);
  });
});
