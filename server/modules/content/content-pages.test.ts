/**
 * The site's own pages: the team's contact as configured (the footer of every page, the about page),
 * the team app's page, and the privacy, accessibility, copyright and cookies pages.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityAccount, injectSender, signInWith, TEST_PASSWORD } from '../../auth/test-support';
import { DEVICE_COOKIE_PREFIX } from '../../auth/sign-in-throttle';
import { READ_AFTER_WRITE_COOKIE } from '../../http/read-after-write';
import { DEVICE_COOKIE_LISTED_NAME } from './cookies-page';
import { buildTestApp, type TestContext } from '../../test/harness';

describe('the team contact on the site pages', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ TEAM_CONTACT_EMAIL: 'procurement@agency.example', TEAM_CONTACT_PHONE: '+64 4 123 4567' });
  });
  afterAll(() => context.close());

  const page = async (url: string) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return { status: response.statusCode, html: response.body };
  };

  it('is in the footer of every page, with mail and phone links', async () => {
    for (const url of ['/', '/about', '/help/faq', '/sales-channels', '/dashboard', '/no-such-page']) {
      const { html } = await page(url);
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
      expect(footer, url).toContain('<a href="mailto:procurement@agency.example">procurement@agency.example</a>');
      expect(footer, url).toContain('<a href="tel:+6441234567">+64 4 123 4567</a>');
    }
  });

  it('has its own section on the about page', async () => {
    const { status, html } = await page('/about');
    expect(status).toBe(200);
    const section = html.slice(html.indexOf('<h2>Contact the Marketplace team</h2>'));
    expect(section).toContain('mailto:procurement@agency.example');
    expect(section).toContain('tel:+6441234567');
  });

  it('links the promises of registering an agency or a business to their online forms', async () => {
    const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const home = main((await page('/')).html);
    const faq = main((await page('/help/faq')).html);
    // Agencies register with the agency registration form.
    for (const [html, promise] of [
      [home, 'Register your agency once'],
      [faq, 'Yes, once for your agency.'],
    ] as const) {
      expect(html, promise).toContain(promise);
      expect(html.slice(html.indexOf(promise), html.indexOf(promise) + 200), promise).toContain('<a href="/agency-form">agency registration form</a>');
    }
    // A business registers online with the wizard.
    expect(home).toContain('<a href="/register/start">Register your business</a> online');
    expect(faq).toContain('<a href="/register/start">Register your business</a> online');
    for (const html of [home, faq]) {
      expect(html).not.toMatch(/registration form is not available|register(ing)? online is not available/i);
    }
  });

  it("serves the team's app at /admin and every path below it", async () => {
    for (const path of ['/admin', '/admin/applications/3']) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('<div id="app__admin" class="app-mount" data-settings="{&quot;basename&quot;:&quot;/admin&quot;}"></div>');
    }
  });

  it('serves the agency dashboard at /agency and every path below it, and leaves /agency-form to the agency form (issue 31)', async () => {
    for (const path of ['/agency', '/agency/engagement-notices/12', '/agency/people/invite']) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('<div id="app__agency-dashboard" class="app-mount" data-settings="{&quot;basename&quot;:&quot;/agency&quot;}"></div>');
    }
    expect((await page('/agency-form')).html).not.toContain('app__agency-dashboard');
  });

  it('renders the signed-out header in every page, so a visitor sees it without a script', async () => {
    const header = (html: string) => html.slice(html.indexOf('<div id="app__header"'), html.indexOf('</header>'));
    const home = header((await page('/')).html);
    expect(home).toContain('<p class="header__welcome">');
    expect(home).toContain('<a class="header-nav__link" href="/register/start">Register</a>');
    expect(home).toContain('<button type="button" class="header-nav__link header-nav__login">Login</button>');
    const faq = header((await page('/help/faq')).html);
    expect(faq).not.toContain('header__welcome');
    expect(faq).toContain('<span class="header__title">');
    expect(faq).toContain('>Login</button>');
  });

  it('gives every page a meta description: its own where it has one, else the site’s', async () => {
    const description = (html: string) => /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1];
    const home = description((await page('/')).html);
    expect(home).toMatch(/^The Marketplace connects government agencies with approved suppliers/);
    expect(description((await page('/help/faq')).html)).toMatch(/^Answers to common questions/);
    expect(description((await page('/approved-suppliers')).html)).toMatch(/^Search the suppliers approved/);
    expect(description((await page('/dashboard')).html)).toBe(home);
  });

  it('reaches the browser apps in the page data', async () => {
    const { html } = await page('/dashboard');
    const data = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
    expect(JSON.parse(data)).toMatchObject({ teamContact: { email: 'procurement@agency.example', phone: '+64 4 123 4567' } });
  });
});

describe('the pages every government site has: privacy, accessibility, copyright and terms of use, cookies', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ AGENCY_RESUME_DAYS: '21' });
  });
  afterAll(() => context.close());

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
    const html = response.body;
    return { status: response.statusCode, html, main: html.slice(html.indexOf('<main'), html.indexOf('</main>')) };
  };
  const headingsOf = (html: string, level: number) =>
    [...html.matchAll(new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, 'g'))].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, ''));

  it.each([
    ['/privacy', 'Privacy statement'],
    ['/accessibility', 'Accessibility statement'],
    ['/copyright', 'Copyright and terms of use'],
    ['/cookies', 'Cookies'],
  ])('serves %s with one h1, its breadcrumbs, its side navigation and the team contact', async (url, title) => {
    const { status, html, main } = await page(url);
    expect(status).toBe(200);
    expect(headingsOf(main, 1)).toEqual([title]);
    expect(html).toContain(`<title>${title} — Marketplace</title>`);
    expect(main).toContain(`<span aria-current="page">${title}</span>`);
    const sideNav = main.slice(main.indexOf('<nav id="side-nav"'));
    expect(sideNav).toContain(`<a href="${url}" class="side-nav__link" aria-current="page">`);
    expect(main).toContain('<a href="mailto:help@marketplace.localhost">help@marketplace.localhost</a>');
  });

  it('links all four from the footer of every page, keeping the footer’s other links and texts', async () => {
    for (const url of ['/', '/about', '/privacy', '/cookies', '/sales-channels', '/dashboard', '/no-such-page']) {
      const { html } = await page(url);
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
      for (const [href, label] of [
        ['/privacy', 'Privacy'],
        ['/accessibility', 'Accessibility'],
        ['/copyright', 'Copyright and terms of use'],
        ['/cookies', 'Cookies'],
        ['/help/faq', 'Frequently asked questions'],
        ['/about', 'About'],
      ]) {
        expect(footer, `${url}: ${label}`).toContain(`<a href="${href}">${label}</a>`);
      }
      expect(footer, url).toContain('Marketplace is run by the government procurement team.');
    }
  });

  it('says what the portal keeps, why, for how long and whom to ask, under the Privacy Act 2020', async () => {
    const { main } = await page('/privacy');
    expect(main).toContain('Privacy Act 2020');
    expect(headingsOf(main, 3)).toEqual([
      'Your account',
      'Signing in',
      'Registrations, applications and reports',
      'Messages and uploaded files',
      'The audit log',
      'Email',
      'Server logs',
      'In your browser',
    ]);
    expect(headingsOf(main, 2)).toEqual(expect.arrayContaining(['How long we keep it', 'Who can see it', 'Your rights', 'Contact us']));
    // The periods are the code's: the session, the configured agency link, and what is never deleted.
    expect(main).toContain('A session lasts 12 hours');
    expect(main).toContain('for 21 days after it was last saved');
    expect(main).toContain('the portal deletes nothing by itself');
    expect(main).toContain('only a scrambled form of it (a hash)');
    // Mail goes to the outbox here (no SMTP_URL), and the page says it is kept.
    expect(main).toContain('keeps each email as a file in its outbox folder');
    expect(main).toContain('20 working days');
    expect(main).toContain('<a href="https://www.privacy.org.nz/">Office of the Privacy Commissioner</a>');
    expect(main).toContain('<a href="/cookies">cookies page</a>');
  });

  it('states the accessibility standard, what the tests check on every change, and how to report a problem', async () => {
    const { main } = await page('/accessibility');
    expect(main).toContain('(WCAG) 2.2 at level AA');
    expect(main).toContain('Web Accessibility Standard 1.2');
    expect(headingsOf(main, 2)).toEqual(['The standard we aim for', 'What we check on every change', 'What we know is not checked', 'Report a problem']);
    // What e2e/accessibility.e2e.ts and e2e/small-screens.e2e.ts check, in the words of their tags and widths.
    expect(main).toContain('WCAG 2.0 and 2.1 success criteria at levels A and AA');
    expect(main).toContain('scrolls sideways at 320 pixels wide');
    expect(main).toContain('with a keyboard alone');
    const report = main.slice(main.indexOf('<h2>Report a problem</h2>'));
    expect(report).toContain('mailto:help@marketplace.localhost');
  });

  it('gives the copyright licence and the terms of use', async () => {
    const { main } = await page('/copyright');
    expect(main).toContain('Crown copyright');
    expect(main).toContain('<a href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0 International licence</a>');
    expect(headingsOf(main, 2)).toEqual(['Copyright', 'Using the directory', 'Your account', 'Things you must not do', 'Other websites', 'Changes to these terms', 'Contact us']);
    expect(main).toContain('New Zealand law');
    expect(main).toContain('<a href="/privacy">privacy statement</a>');
  });

  it('names every cookie the server sets, signing in and opening a public form as a browser would', async () => {
    const setCookies: string[] = [];
    const send = injectSender(context.app);
    const recording: typeof send = async (request) => {
      const response = await send(request);
      const header = response.headers['set-cookie'];
      setCookies.push(...(Array.isArray(header) ? header : typeof header === 'string' ? [header] : []));
      return response;
    };
    const account = await createIdentityAccount(context.database.db);
    await signInWith(recording, context.config, account.email, TEST_PASSWORD);
    for (const url of ['/', '/agency-form', '/register/your-business', '/cookies']) {
      await recording({ method: 'GET', url, headers: {} });
    }
    // A browser's sign-in device cookie is named for the account: the page lists it by its prefix.
    const names = new Set(setCookies.map((line) => line.slice(0, line.indexOf('='))).map((name) => (name.startsWith(DEVICE_COOKIE_PREFIX) ? DEVICE_COOKIE_LISTED_NAME : name)));
    expect([...names].sort()).toEqual([
      '_interaction',
      '_interaction.sig',
      '_interaction_resume',
      '_interaction_resume.sig',
      '_session',
      '_session.sig',
      'public-form-session',
      DEVICE_COOKIE_LISTED_NAME,
    ]);
    const { main } = await page('/cookies');
    for (const name of names) {
      expect(main, name).toContain(`<code>${name}</code>`);
    }
    // Set only where public pages are read from a standby (server/resilience/read-replica.test.ts).
    expect(main).not.toContain(READ_AFTER_WRITE_COOKIE);
  });

  it('names the cookies and local storage the browser apps write, with their lifetimes', async () => {
    const { main } = await page('/cookies');
    // The cookie test of app/widgets/cookie-message.ts, which the server cannot import.
    const widget = await readFile(new URL('../../../app/widgets/cookie-message.ts', import.meta.url), 'utf8');
    const testCookie = /const TEST_COOKIE = '([^']+)'/.exec(widget)?.[1];
    expect(testCookie).toBe('cookie-test');
    for (const name of ['global-alert-dismissed', 'cookie-test', 'oidc.user:', 'supplier-registration', 'agency']) {
      expect(main, name).toContain(`<code>${name}</code>`);
    }
    expect(main).toContain('Expires after 30 days.');
    expect(main).toContain('12 hours after you sign in');
    expect(main).toContain('Expires when you close your browser.');
    expect(main).toContain('no advertising or analytics cookies');
  });
});

describe('the privacy and cookies pages of a portal signing in with an external issuer and sending mail by SMTP', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ OIDC_ISSUER: 'https://id.agency.example', SMTP_URL: 'smtp://mail.agency.example:25' });
  });
  afterAll(() => context.close());

  const main = async (url: string) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    return response.body.slice(response.body.indexOf('<main'), response.body.indexOf('</main>'));
  };

  it('says what this installation keeps: no passwords, no sign-in sessions, no copies of mail', async () => {
    const privacy = await main('/privacy');
    expect(privacy).toContain('You sign in with your organisation&#x27;s sign-in service, which keeps your password.');
    expect(privacy).not.toContain('A session lasts');
    expect(privacy).not.toContain('A failed sign-in also logs');
    expect(privacy).toContain('keeps no copy');
    expect(privacy).not.toContain('outbox');
  });

  it('lists no sign-in cookie, since the issuer sets its own', async () => {
    const cookies = await main('/cookies');
    expect(cookies).not.toContain('<code>_session</code>');
    expect(cookies).not.toContain('<code>_interaction</code>');
    expect(cookies).toContain('<code>public-form-session</code>');
    expect(cookies).toContain('which sets its own cookies');
  });
});
