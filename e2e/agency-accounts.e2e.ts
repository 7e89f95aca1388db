/**
 * Journey: agency accounts (issue 31). The team approves the demo's waiting agency registration
 * (Coastal Transport Authority); its contact opens the mailed link, creates an account and lands
 * on the agency's empty dashboard, invites a colleague, who joins as a member (no People), makes
 * them an administrator and then removes them, after which the colleague acts for no agency. The
 * demo agency's admin (buyer@example.com) signs in from the home page onto its dashboard: the
 * notice naming it, its people, and the cancelling of its waiting invitation (which no other
 * journey uses). Last, a person invited to a supplier and to an agency switches between them from
 * the header's menu. Everyone here but the demo accounts is new, so the demo accounts keep their
 * organisations (e2e/header.e2e.ts counts them).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, launchBrowser, newContext, watchPageErrors } from './support/browser';
import { AGENCY_DASHBOARD_SCREENS } from './support/dashboard-screens';
import { demo, demoBuyer, signInAt } from './support/session';
import { AgencyNoticesPage, AgencyPeoplePage, NO_AGENCY_NOTICES_MESSAGE, NOT_AGENCY_ADMIN_MESSAGE } from './pages/agency-dashboard-pages';
import { ConfirmAccountPage } from './pages/confirm-account-page';
import { Header } from './pages/header';
import { LoginPage } from './pages/login-page';
import { OutboxPage } from './pages/outbox-page';
import { ConfirmDialog, UsersPage } from './pages/users-page';

const run = Date.now().toString(36);
const PASSWORD = 'tide harbour ferry 42';

/** The demo's agency registration waiting for the team (server/seed/demo-agencies.ts). */
const COASTAL = { name: 'Coastal Transport Authority', contact: 'Mere Tipene', email: 'procurement@coastaltransport.govt.example' };
/** The demo agency of buyer@example.com, its member and its waiting invitation. */
const REGIONAL = 'Ministry for Regional Development';
const HANA = { name: 'Hana Wiremu', email: 'hana.wiremu@regional.govt.example' };
const RAWIRI = { name: 'Rawiri Kingi', email: 'rawiri.kingi@regional.govt.example' };

function confirmLinkPrefix(): string {
  return `${baseUrl()}/user/confirm/`;
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
  }
  throw new Error(`${String(limit)} presses of Tab never reached the target`);
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** On the sign-in service's page for an invited email with no account: choose a password. */
async function createAccount(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  expect(await page.getByRole('main').innerText()).toContain(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
}

describe('agency accounts', () => {
  let browser: Browser;
  /** Reads the development outbox, so that no one's page has to leave their screen for it. */
  let mail: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    mail = await (await newContext(browser)).newPage();
  });
  afterAll(() => browser.close());

  async function freshPage(): Promise<Page> {
    return (await newContext(browser)).newPage();
  }

  async function invitationLink(email: string): Promise<string> {
    return (await OutboxPage.open(mail)).findLink(email, confirmLinkPrefix());
  }

  describe('a newly approved agency', () => {
    const colleague = { name: 'Tai Kaimahi', email: `tai.${run}@coastaltransport.example.test` };
    let contact: Page;
    let contactErrors: string[];
    let colleaguePage: Page;
    let colleagueErrors: string[];

    it('the team approves it; its contact creates an account from the mailed link and lands on its empty dashboard', async () => {
      const team = await freshPage();
      await signInAt(team, '/admin/agencies', demo.teamMember);
      const teamMain = team.getByRole('main');
      await teamMain.getByRole('row').filter({ hasText: COASTAL.name }).getByRole('link', { name: COASTAL.name }).click();
      await teamMain.getByRole('heading', { level: 1, name: COASTAL.name }).waitFor();
      await teamMain.getByRole('button', { name: 'Approve', exact: true }).click();
      const approval = team.getByRole('alertdialog');
      await approval.getByRole('heading', { name: `Approve the agency registration of ${COASTAL.name}?` }).waitFor();
      await approval.getByRole('button', { name: 'Approve agency registration' }).click();
      await teamMain.getByText(`You approved the registration of ${COASTAL.name}. We have emailed ${COASTAL.email} to say so.`).waitFor();
      await team.context().close();

      // The approval's mail invites the contact to be the agency's first administrator.
      const link = await invitationLink(COASTAL.email);
      contact = await freshPage();
      contactErrors = watchPageErrors(contact);
      await contact.goto(link);
      const confirm = await ConfirmAccountPage.verifyOnPage(contact);
      expect(await confirm.invitationText()).toBe(
        `${COASTAL.name} invited ${COASTAL.contact} (${COASTAL.email}) to use the dashboard for the agency, as an administrator.`,
      );
      await expectNoAxeViolations(contact);
      await confirm.button('Create your account').click();
      await createAccount(contact, COASTAL.email);

      // Signed in, the invitation accepted: the agency's dashboard, with nothing sent to it yet.
      const notices = await AgencyNoticesPage.verifyOnPage(contact);
      const header = new Header(contact);
      await header.waitForUser(COASTAL.contact);
      expect(await header.link('Dashboard').getAttribute('href')).toBe('/agency');
      expect(await notices.nav.agencyName()).toBe(COASTAL.name);
      expect(await notices.nav.linkNames()).toEqual(['Engagement notices', 'Billing reports', 'Spend', 'Shortlists', 'People']);
      await notices.main.getByText(NO_AGENCY_NOTICES_MESSAGE).waitFor();
      expect(await notices.notices.count()).toBe(0);
      await expectNoAxeViolations(contact);
      expect(contactErrors).toEqual([]);
    });

    it('the contact invites a colleague, who creates an account and joins as a member, without the people screens', async () => {
      await new AgencyNoticesPage(contact).nav.link('People').click();
      const people = await AgencyPeoplePage.verifyOnPage(contact);
      expect(await people.personRow(COASTAL.email).innerText()).toContain('(you)');
      await contact.getByRole('main').getByText('There are no pending invitations.').waitFor();

      // An empty form is refused, at the top (which takes the focus) and at each field.
      const form = await people.openInviteForm();
      expect(await form.isAdmin('No').isChecked()).toBe(true);
      await form.submit();
      expect(await form.summaryMessages()).toEqual(['Enter the person’s name', 'Enter an email address']);
      expect(await hasFocus(form.errorSummary)).toBe(true);
      expect(await form.name.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(contact);

      await form.name.fill(colleague.name);
      await form.email.fill(colleague.email);
      await form.submit();
      const listed = await AgencyPeoplePage.verifyOnPage(contact);
      await listed.waitForMessage(`Invitation sent to ${colleague.email}.`);
      expect(await listed.message.getAttribute('role')).toBe('status');
      const invitation = listed.invitationRow(colleague.email);
      await invitation.waitFor();
      expect(await invitation.innerText()).toContain(colleague.name);
      await expectNoAxeViolations(contact);

      // The colleague opens the mailed link in their own browser and creates their account.
      const link = await invitationLink(colleague.email);
      colleaguePage = await freshPage();
      colleagueErrors = watchPageErrors(colleaguePage);
      await colleaguePage.goto(link);
      const confirm = await ConfirmAccountPage.verifyOnPage(colleaguePage);
      expect(await confirm.invitationText()).toBe(`${COASTAL.name} invited ${colleague.name} (${colleague.email}) to use the dashboard for the agency.`);
      await confirm.button('Create your account').click();
      await createAccount(colleaguePage, colleague.email);

      // A member, not an administrator: the notices, and no People.
      const notices = await AgencyNoticesPage.verifyOnPage(colleaguePage);
      await new Header(colleaguePage).waitForUser(colleague.name);
      expect(await notices.nav.agencyName()).toBe(COASTAL.name);
      expect(await notices.nav.linkNames()).toEqual(['Engagement notices', 'Billing reports', 'Spend', 'Shortlists']);
      await colleaguePage.goto('/agency/people');
      const main = colleaguePage.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'People' }).waitFor();
      await main.getByText(NOT_AGENCY_ADMIN_MESSAGE).waitFor();
      expect(await main.getByRole('table').count()).toBe(0);
      expect(await main.getByRole('link', { name: 'Invite a person' }).count()).toBe(0);
      await expectNoAxeViolations(colleaguePage);
      expect(colleagueErrors).toEqual([]);
    });

    it('the contact makes the colleague an administrator, then removes them after asking; the colleague then acts for no agency', async () => {
      await contact.goto('/agency/people');
      let people = await AgencyPeoplePage.verifyOnPage(contact);
      await people.personRow(colleague.email).waitFor();
      expect(await people.invitations.count()).toBe(0);
      expect(await people.isAdminText(colleague.email)).toBe('No');

      const form = await people.openEditForm(colleague.email);
      expect(await form.main.innerText()).toContain(`${colleague.name} (${colleague.email})`);
      expect(await form.name.count()).toBe(0);
      expect(await form.isAdmin('No').isChecked()).toBe(true);
      await expectNoAxeViolations(contact);
      await form.isAdmin('Yes').check();
      await form.submit();
      people = await AgencyPeoplePage.verifyOnPage(contact);
      await people.waitForMessage(`${colleague.name} is now an administrator of ${COASTAL.name}.`);
      expect(await people.isAdminText(colleague.email)).toBe('Yes');

      // Now an administrator, the colleague manages people too.
      await colleaguePage.reload();
      await AgencyPeoplePage.verifyOnPage(colleaguePage);

      // Removing asks first, with the focus on the safe choice; Escape keeps them, focus back on the button.
      const removeButton = people.removeButton(colleague.email);
      await tabTo(contact, removeButton);
      await contact.keyboard.press('Enter');
      let dialog = await ConfirmDialog.waitFor(contact);
      expect(await dialog.title()).toBe(`Remove ${colleague.name}?`);
      expect(await dialog.dialog.innerText()).toContain(`${colleague.name} (${colleague.email}) will no longer be able to use this dashboard for ${COASTAL.name}.`);
      expect(await dialog.focusedText()).toBe('Cancel');
      await expectNoAxeViolations(contact);
      await contact.keyboard.press('Escape');
      await dialog.waitForClosed();
      await expect.poll(() => hasFocus(removeButton)).toBe(true);
      expect(await people.personRow(colleague.email).count()).toBe(1);

      // From the keyboard again: one step back from the safe choice is the removal.
      await contact.keyboard.press('Enter');
      dialog = await ConfirmDialog.waitFor(contact);
      await contact.keyboard.press('Shift+Tab');
      expect(await dialog.focusedText()).toBe('Remove person');
      await contact.keyboard.press('Enter');
      await dialog.waitForClosed();
      await people.waitForMessage(`${colleague.name} (${colleague.email}) was removed from ${COASTAL.name}.`);
      await people.personRow(colleague.email).waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(people.heading)).toBe(true);
      expect(contactErrors).toEqual([]);

      // The colleague's next visit: the screen for someone who acts for no agency.
      await colleaguePage.goto('/agency');
      const header = new Header(colleaguePage);
      await header.waitForUser(colleague.name);
      const main = colleaguePage.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Agency dashboard' }).waitFor();
      await main.getByText('You do not act for a government agency', { exact: false }).waitFor();
      expect(await main.getByRole('link', { name: 'agency registration form' }).getAttribute('href')).toBe('/agency-form');
      expect(await colleaguePage.getByRole('navigation', { name: 'Agency dashboard' }).count()).toBe(0);
      expect(await header.link('Dashboard').count()).toBe(0);
      await expectNoAxeViolations(colleaguePage);
      expect(colleagueErrors).toEqual([]);
    });
  });

  it("the demo agency's admin signs in from the home page onto its dashboard: the notice naming it, its people, and an invitation cancelled after asking", async () => {
    const page = await freshPage();
    const errors = watchPageErrors(page);
    await page.goto('/');
    const header = new Header(page);
    await header.banner.getByRole('button', { name: 'Login', exact: true }).click();
    await (await LoginPage.verifyOnPage(page)).signIn(demoBuyer.email);
    // Signed in from a general page, a person acting for an agency lands on /agency, which opens its notices.
    const notices = await AgencyNoticesPage.verifyOnPage(page);
    await header.waitForUser(demoBuyer.name);
    expect(await header.link('Dashboard').getAttribute('href')).toBe('/agency');
    expect(await notices.nav.agencyName()).toBe(REGIONAL);
    expect(await notices.cells('Regional services portal')).toMatchObject({
      Supplier: 'Kōwhai Digital',
      'Your reference': 'MRD-2026-0117',
      'Value (NZD, excluding GST)': '$480,000.00',
    });
    await expectNoAxeViolations(page);

    await notices.nav.link('People').click();
    const people = await AgencyPeoplePage.verifyOnPage(page);
    expect(await people.personRow(demoBuyer.email).innerText()).toContain('(you)');
    expect(await people.personRow(HANA.email).getByRole('rowheader').innerText()).toBe(HANA.name);
    expect(await people.isAdminText(HANA.email)).toBe('No');
    // The accessibility and small-screen sweeps' edit screen is hers.
    expect(AGENCY_DASHBOARD_SCREENS).toContain(await people.editLink(HANA.email).getAttribute('href'));
    const invitation = people.invitationRow(RAWIRI.email);
    expect(await invitation.getByRole('rowheader').innerText()).toBe(RAWIRI.name);

    // Cancelling asks first, with the focus on keeping it; Escape keeps it, focus back on the button.
    const cancelButton = people.cancelButton(RAWIRI.email);
    await tabTo(page, cancelButton);
    await page.keyboard.press('Enter');
    let dialog = await ConfirmDialog.waitFor(page);
    expect(await dialog.title()).toBe(`Cancel the invitation to ${RAWIRI.email}?`);
    expect(await dialog.focusedText()).toBe('Keep invitation');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitForClosed();
    await expect.poll(() => hasFocus(cancelButton)).toBe(true);
    expect(await invitation.count()).toBe(1);

    await page.keyboard.press('Enter');
    dialog = await ConfirmDialog.waitFor(page);
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.focusedText()).toBe('Cancel invitation');
    await page.keyboard.press('Enter');
    await dialog.waitForClosed();
    await people.waitForMessage(`The invitation to ${RAWIRI.email} was cancelled.`);
    await invitation.waitFor({ state: 'detached' });
    await page.getByRole('main').getByText('There are no pending invitations.').waitFor();
    await expect.poll(() => hasFocus(people.heading)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a person of a supplier and an agency switches between them from the menu', async () => {
    const person = { name: 'Ari Both', email: `ari.${run}@example.test` };

    // A supplier's admin and the demo agency's admin invite the same new email.
    const admin = await freshPage();
    await signInAt(admin, '/dashboard/users', demo.admin);
    const users = await UsersPage.verifyOnPage(admin);
    const supplierName = await users.supplierName();
    const supplierForm = await users.openAddForm();
    await supplierForm.name.fill(person.name);
    await supplierForm.email.fill(person.email);
    await supplierForm.submit();
    await (await UsersPage.verifyOnPage(admin)).waitForMessage(`Invitation sent to ${person.email}.`);
    const supplierLink = await invitationLink(person.email);

    const buyer = await freshPage();
    await signInAt(buyer, '/agency/people', demoBuyer);
    const agencyForm = await (await AgencyPeoplePage.verifyOnPage(buyer)).openInviteForm();
    await agencyForm.name.fill(person.name);
    await agencyForm.email.fill(person.email);
    await agencyForm.submit();
    await (await AgencyPeoplePage.verifyOnPage(buyer)).waitForMessage(`Invitation sent to ${person.email}.`);
    // The newest mail to them, once it is the agency's (mail goes through the job queue: as long as the outbox waits).
    let agencyLink = '';
    await expect
      .poll(
        async () => {
          agencyLink = await invitationLink(person.email);
          return agencyLink;
        },
        { timeout: 30_000, interval: 500 },
      )
      .not.toBe(supplierLink);

    // They accept the supplier's with a new account, then the agency's, signed in.
    const page = await freshPage();
    const errors = watchPageErrors(page);
    await page.goto(supplierLink);
    await (await ConfirmAccountPage.verifyOnPage(page)).button('Create your account').click();
    await createAccount(page, person.email);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/applications'));
    const header = new Header(page);
    await header.waitForUser(person.name);
    await page.goto(agencyLink);
    const confirm = await ConfirmAccountPage.verifyOnPage(page);
    expect(await confirm.invitationText()).toContain(REGIONAL);
    await confirm.button('Accept invitation').click();
    await expect.poll(() => hasFocus(confirm.main.getByRole('heading', { level: 2, name: 'Invitation accepted' }))).toBe(true);
    await confirm.main.getByRole('link', { name: 'Go to your dashboard' }).click();
    await AgencyNoticesPage.verifyOnPage(page);

    // Both under 'Switch accounts', the agency they act for checked; several accounts, so 'Logout of all accounts'.
    let menu = await header.openUserMenu(person.name);
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(REGIONAL);
    const options = menu.locator('.supplier-switcher').getByRole('button');
    expect(await options.count()).toBe(2);
    const supplierOption = options.filter({ hasText: supplierName });
    const agencyOption = options.filter({ hasText: REGIONAL });
    expect(await agencyOption.getAttribute('aria-current')).toBe('true');
    expect(await agencyOption.innerText()).toContain('✓');
    expect(await supplierOption.getAttribute('aria-current')).toBeNull();
    expect(await supplierOption.innerText()).not.toContain('✓');
    expect(await menu.getByRole('button', { name: 'Logout of all accounts' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // The supplier, from the keyboard: its dashboard opens.
    await supplierOption.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await header.waitForUser(person.name);
    await header.link('Supplier details').waitFor();
    menu = await header.openUserMenu(person.name);
    expect(await menu.getByRole('heading', { level: 2 }).innerText()).toBe(supplierName);
    expect(await supplierOption.getAttribute('aria-current')).toBe('true');

    // And back to the agency: its dashboard opens.
    await agencyOption.click();
    await AgencyNoticesPage.verifyOnPage(page);
    await header.waitForUser(person.name);
    expect(await header.link('Supplier details').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
