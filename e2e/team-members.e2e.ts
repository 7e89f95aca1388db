/**
 * Journey of the team app's team members (issue 13 item 8): staff@example.com, a team admin,
 * adds a new person by email (invited, as they have no account yet), sees them listed, is told when
 * they are already on the team, and removes them after a confirmation naming them;
 * team@example.com, a plain team member, sees the same list read-only. The team is left as it was
 * (the invited person's account stays, off the team, as removing anyone does).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ON_TEAM } from '../common/api/team-members';
import { expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { demo, signInAt } from './support/session';

const TEAM_MEMBER = { email: 'team@example.com', name: 'Tama Team' };
const READ_ONLY = 'Only team admins can add people to the team or remove them.';

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
}

async function cell(page: Page, name: string, label: string): Promise<string> {
  return (await row(page, name).locator(`td[data-label="${label}"]`).innerText()).trim();
}

describe('the team console: team members', () => {
  let browser: Browser;
  const run = Date.now().toString(36);
  const person = { email: `journey-${run}@example.com`, name: `Journey Person ${run}` };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a team admin adds a person by email, sees them listed, and removes them after confirming', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/admin/team-members', demo.teamMember);
    await page.getByRole('heading', { level: 1, name: 'Team members' }).waitFor();
    await row(page, demo.teamMember.name).waitFor();
    expect(await row(page, demo.teamMember.name).getByRole('rowheader').innerText()).toBe(`${demo.teamMember.name} (you)`);
    expect(await cell(page, demo.teamMember.name, 'Role')).toBe('Team admin');
    expect(await cell(page, TEAM_MEMBER.name, 'Role')).toBe('Team member');
    // Removing yourself is not offered.
    expect(await row(page, demo.teamMember.name).getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Add a team member' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add a team member' }).waitFor();
    await page.getByRole('button', { name: 'Add to the team' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Enter an email address', 'Enter the person’s name', 'Select yes if they will be a team admin']);
    await expectNoAxeViolations(page);

    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Name').fill(person.name);
    await page.getByRole('group', { name: 'Will they be a team admin?' }).getByLabel('No').check();
    await page.getByRole('button', { name: 'Add to the team' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/team-members');
    await page.getByText(`${person.email} was invited to join the marketplace team as a team member.`, { exact: false }).waitFor();
    await row(page, person.name).waitFor();
    expect(await cell(page, person.name, 'Email')).toBe(person.email);
    expect(await cell(page, person.name, 'Role')).toBe('Team member');
    expect(await cell(page, person.name, 'Signed in')).toBe('Not yet');
    await expectNoAxeViolations(page);

    // Adding them again is refused by the email address.
    await page.getByRole('link', { name: 'Add a team member' }).click();
    await page.getByLabel('Email address').fill(person.email.toUpperCase());
    await page.getByLabel('Name').fill(person.name);
    await page.getByRole('group', { name: 'Will they be a team admin?' }).getByLabel('Yes').check();
    await page.getByRole('button', { name: 'Add to the team' }).click();
    await summary.getByRole('link', { name: ALREADY_ON_TEAM }).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/team-members');

    await row(page, person.name).getByRole('button', { name: `Remove ${person.name} from the team` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${person.name} from the team?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`${person.name} (${person.email}) will no longer be able to use the team console`);
    await expectNoAxeViolations(page);
    // Cancel first: nothing changes.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, person.name).getByRole('button', { name: `Remove ${person.name} from the team` }).click();
    await dialog.getByRole('button', { name: 'Remove from the team' }).click();
    await page.getByText(`${person.name} (${person.email}) was removed from the marketplace team.`).waitFor();
    await expect.poll(() => row(page, person.name).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // The browser logs the refused second add (409), which the journey asked for.
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
  });

  it('a plain team member sees the team read-only', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors = watchPageErrors(page);
    await signInAt(page, '/admin/team-members', TEAM_MEMBER);
    await page.getByRole('heading', { level: 1, name: 'Team members' }).waitFor();
    await page.getByText(READ_ONLY, { exact: false }).waitFor();
    expect(await row(page, TEAM_MEMBER.name).getByRole('rowheader').innerText()).toBe(`${TEAM_MEMBER.name} (you)`);
    expect(await cell(page, demo.teamMember.name, 'Role')).toBe('Team admin');
    expect(await page.getByRole('link', { name: 'Add a team member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto('/admin/team-members/add');
    await page.getByRole('heading', { level: 1, name: 'Add a team member' }).waitFor();
    await page.getByText(READ_ONLY, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to the team' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
