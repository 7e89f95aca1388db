/**
 * Journey: a change of legal name waits for the team (issue 29, item 4). The demo's Harbourside
 * Consulting has asked to change its legal name; the team finds it from the side navigation, reads
 * it field by field and declines it with a reason, keyboard only, after a confirmation dialog. Axe
 * and a 320 px phone on the list and the review page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessibleOnDesktopAndPhone, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';

const SUPPLIER = 'Harbourside Consulting';

describe("the team reviews a supplier's change of legal name", () => {
  let browser: Browser;
  let team: Page;
  let errors: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    team = await (await newContext(browser)).newPage();
    errors = watchPageErrors(team);
    await signInAt(team, '/admin/suppliers', demo.teamMember);
  });
  afterAll(() => browser.close());

  const main = () => team.getByRole('main');

  it('lists the waiting change from the side navigation and shows it field by field', async () => {
    await team.getByRole('link', { name: 'Name and number changes' }).first().click();
    await main().getByRole('heading', { level: 1, name: 'Name and business number changes' }).waitFor();
    const row = main().getByRole('row').filter({ hasText: SUPPLIER });
    await row.waitFor();
    expect(await row.innerText()).toContain('Alex Admin');
    await expectAccessibleOnDesktopAndPhone(team);

    await row.getByRole('link', { name: SUPPLIER }).click();
    await main().getByRole('heading', { level: 1, name: `Change to ${SUPPLIER}` }).waitFor();
    const fields = main().getByRole('table', { name: `The change to ${SUPPLIER}, field by field` });
    await fields.waitFor();
    expect(await fields.innerText()).toContain('Harbourside Consulting Group Limited');
    await expectAccessibleOnDesktopAndPhone(team);
  });

  it('declines it with a reason, keyboard only, after confirming; it then shows as declined', async () => {
    await main().getByRole('button', { name: 'Decline', exact: true }).focus();
    await team.keyboard.press('Enter');
    const reasons = main().getByLabel('Why are you declining this change?');
    await reasons.waitFor();
    await reasons.focus();
    await team.keyboard.type('The Companies Office register still shows the old name. Ask again once the change is registered there.');
    await main().getByRole('button', { name: 'Decline change' }).focus();
    await team.keyboard.press('Enter');
    const dialog = team.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: `Decline the change of ${SUPPLIER}?` }).waitFor();
    await expectNoAxeViolations(team);
    await dialog.getByRole('button', { name: 'Decline change' }).focus();
    await team.keyboard.press('Enter');

    await main().getByText(`You declined the change. We have emailed your reason to the people of ${SUPPLIER}.`).waitFor();
    expect(await main().locator('.status-tag').first().innerText()).toBe('Declined');
    await main().getByText('Ask again once the change is registered there.').waitFor();
    await expectAccessibleOnDesktopAndPhone(team);

    await team.goto('/admin/supplier-changes');
    await main().getByRole('heading', { level: 1, name: 'Name and business number changes' }).waitFor();
    await main().getByText('No changes are waiting for a decision.').waitFor();
    await team.getByLabel('Show changes').selectOption({ label: 'Declined' });
    await main().getByRole('row').filter({ hasText: SUPPLIER }).waitFor();
    expect(errors).toEqual([]);
  });
});
