/**
 * Journeys of the team app's catalogue management (issue 13 item 5) as staff@example.com, each
 * checked as the public sees it in a second, signed-out browser context: a new service in a seeded
 * catalogue is offered by the directory's filters, and once retired (asked first, naming what it
 * does) it is not; a catalogue the journey added keeps its public address when renamed, and its
 * retired service cannot be restored while it is retired (the server's 409, said plainly); a seeded
 * channel moves up and back down by the keyboard alone, focus staying on its buttons. Every screen
 * and state passes axe and fits 320 px. The demo data is left as found: what the journey adds it
 * retires, and the channel goes back to its place.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryPage } from './pages/directory-page';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';

const run = Date.now().toString(36);
const DIGITAL = 'Digital and ICT';
const CLOUD = 'Cloud Services';
const PHONE = 320;

/** The screen's one h1, once its data has loaded. */
async function expectScreen(page: Page, title: string): Promise<void> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect.poll(async () => (await heading.innerText()).trim()).toBe(title);
  await expect.poll(() => page.locator('.loading-state').count()).toBe(0);
}

/** The services the directory's filters offer a visitor under Digital and ICT › Cloud Services, read afresh. */
async function directoryServices(visitor: Page): Promise<string[]> {
  const directory = await DirectoryPage.open(visitor);
  await directory.channel.selectOption({ label: DIGITAL });
  await directory.catalogue.selectOption({ label: CLOUD });
  await expect.poll(() => directory.service.isEnabled()).toBe(true);
  return (await directory.service.locator('option').allInnerTexts()).map((text) => text.trim());
}

async function expectFocusOn(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (document.activeElement?.textContent ?? '').replace(/\s+/g, ' ').trim()), { timeout: 5_000 })
    .toBe(name);
}

describe('the team manages the catalogue', () => {
  let browser: Browser;
  let page: Page;
  let visitor: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    errors = watchPageErrors(page);
    await signInAt(page, '/admin/catalogue', demo.teamMember);
    visitor = await (await newContext(browser)).newPage();
  });
  afterAll(() => browser.close());

  it('adds a service to a seeded catalogue, which the directory then offers; once retired, the directory no longer does', async () => {
    const service = `Edge hosting ${run}`;
    await page.goto('/admin/catalogue');
    await expectScreen(page, 'Catalogue');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: DIGITAL, exact: true }).click();
    await expectScreen(page, DIGITAL);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: `Add a service to ${CLOUD}` }).click();
    await expectScreen(page, `Add a service to ${CLOUD}`);
    await page.getByRole('button', { name: 'Add service' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Enter the service’s title' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(service);
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill('Hosting close to the people who use it.');
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByText(`You added the service ‘${service}’ to ${CLOUD}.`).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: service }) });
    await row.getByText('Live').waitFor();
    expect(await directoryServices(visitor)).toContain(service);

    await row.getByRole('button', { name: `Retire ${service}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Retire the service ‘${service}’?` }).waitFor();
    await dialog.getByText('It will no longer appear in the directory or in new applications. Applications that already name it keep it.').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Retire service' }).click();
    await page.getByText(`The service ‘${service}’ is retired.`, { exact: false }).waitFor();
    await row.getByText('Retired').waitFor();
    // Focus stays on the button that asked, which now offers to restore it.
    await expectFocusOn(page, `Restore ${service}`);
    expect(await directoryServices(visitor)).not.toContain(service);
    expect(await directoryServices(visitor)).toContain('Cloud hosting (IaaS)');
    expect(errors).toEqual([]);
  });

  it('renames a catalogue it added, whose public page still answers at the same address, then retires it', async () => {
    const first = `Journey catalogue ${run}`;
    const renamed = `Renamed catalogue ${run}`;
    await page.goto('/admin/catalogue');
    await page.getByRole('link', { name: DIGITAL, exact: true }).click();
    await page.getByRole('link', { name: `Add a catalogue to ${DIGITAL}` }).click();
    await expectScreen(page, `Add a catalogue to ${DIGITAL}`);
    await page.getByRole('textbox', { name: 'Title' }).fill(first);
    await page.getByRole('button', { name: 'Add catalogue' }).click();
    await page.getByText(`You added the catalogue ‘${first}’ to ${DIGITAL}.`).waitFor();

    const section = page.getByRole('region', { name: first });
    const address = (await section.getByRole('link', { name: /^\/catalogues\// }).getAttribute('href')) ?? '';
    expect(address).toMatch(/^\/catalogues\/journey-catalogue-/);
    await visitor.goto(address);
    expect((await visitor.getByRole('main').getByRole('heading', { level: 1 }).innerText()).trim()).toBe(first);

    await section.getByRole('link', { name: `Rename the catalogue ${first}` }).click();
    await expectScreen(page, `Rename the catalogue ${first}`);
    const title = page.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe(first);
    await page.getByText(`Its public address stays the same after a rename: ${address}.`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await title.fill(renamed);
    await page.getByRole('button', { name: 'Save the new name' }).click();
    await page.getByText(`You renamed the catalogue ‘${first}’ to ‘${renamed}’. Its public address stays ${address}.`).waitFor();

    const answer = await visitor.goto(address);
    expect(answer?.status()).toBe(200);
    expect((await visitor.getByRole('main').getByRole('heading', { level: 1 }).innerText()).trim()).toBe(renamed);

    // A service of its own, retired, then the catalogue retired (which leaves the public catalogue as it was).
    const service = `Journey service ${run}`;
    await page.getByRole('link', { name: `Add a service to ${renamed}` }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(service);
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByText(`You added the service ‘${service}’ to ${renamed}.`).waitFor();
    const dialog = page.getByRole('alertdialog');
    await page.getByRole('button', { name: `Retire ${service}` }).click();
    await dialog.getByRole('button', { name: 'Retire service' }).click();
    await page.getByText(`The service ‘${service}’ is retired.`, { exact: false }).waitFor();

    await page.getByRole('region', { name: renamed }).getByRole('button', { name: `Retire ${renamed}` }).click();
    await dialog.getByRole('heading', { name: `Retire the catalogue ‘${renamed}’?` }).waitFor();
    await dialog.getByText('It and what it holds (1 service) will no longer appear', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Retire catalogue' }).click();
    await page.getByText(`The catalogue ‘${renamed}’ is retired, with what it holds.`, { exact: false }).waitFor();

    // The service cannot come back while its catalogue is retired: the server's words say so.
    await page.getByRole('button', { name: `Restore ${service}` }).click();
    await dialog.getByRole('heading', { name: `Restore the service ‘${service}’?` }).waitFor();
    await dialog.getByRole('button', { name: 'Restore service' }).click();
    await page.getByRole('alert').filter({ hasText: `The catalogue ${renamed} holding it is retired: restore it first.` }).waitFor();
    expect(await dialog.count()).toBe(0);
    await expectNoAxeViolations(page);
    expect((await visitor.goto(address))?.status()).toBe(404);
    // The browser's only complaint: the 409 the restore provoked.
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    errors.length = 0;
  });

  it('moves a seeded channel up and back down by the keyboard, focus staying on its buttons', async () => {
    await page.goto('/admin/catalogue');
    await expectScreen(page, 'Catalogue');
    const list = page.getByRole('list', { name: 'Sales channels' });
    const before = (await list.getByRole('heading', { level: 2 }).allInnerTexts()).map((text) => text.trim());
    const [firstChannel, second] = before;
    expect(firstChannel).toBe(DIGITAL);
    expect(second).toBeDefined();
    const name = second ?? '';

    await page.getByRole('button', { name: `Move ${name} up` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`You moved ‘${name}’ up. It is now 1st of`, { exact: false }).waitFor();
    await expect.poll(async () => (await list.getByRole('heading', { level: 2 }).allInnerTexts()).slice(0, 2)).toEqual([name, DIGITAL]);
    // First now, it has no Move up: focus is on its Move down.
    await expectFocusOn(page, `Move ${name} down`);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Enter');
    await page.getByText(`You moved ‘${name}’ down. It is now 2nd of`, { exact: false }).waitFor();
    await expect.poll(async () => (await list.getByRole('heading', { level: 2 }).allInnerTexts()).map((text) => text.trim())).toEqual(before);
    await expectFocusOn(page, `Move ${name} down`);
    expect(errors).toEqual([]);
  });

  it('fits a phone: the list, a channel, a form with its errors and a confirmation', async () => {
    const phone = await (await newContext(browser, { width: PHONE })).newPage();
    await signInAt(phone, '/admin/catalogue', demo.teamMember);
    await expectScreen(phone, 'Catalogue');
    await expectNoSidewaysScroll(phone);
    await phone.goto('/admin/catalogue/channels/1');
    await expectScreen(phone, DIGITAL);
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
    await phone.getByRole('button', { name: 'Retire Cloud hosting (IaaS)' }).click();
    await phone.getByRole('alertdialog').waitFor();
    await expectNoSidewaysScroll(phone);
    await phone.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await phone.goto('/admin/catalogue/channels/new');
    await expectScreen(phone, 'Add a sales channel');
    await phone.getByRole('button', { name: 'Add sales channel' }).click();
    await phone.getByRole('link', { name: 'Enter the sales channel’s title' }).waitFor();
    await expectNoSidewaysScroll(phone);
    await expectNoAxeViolations(phone);
  });
});
