/** The site's own pages: the team's contact as configured (the footer of every page, the about page), and the team app's page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(home).toContain('<a href="/register">Register your business</a> online');
    expect(faq).toContain('<a href="/register">Register your business</a> online');
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

  it('renders the signed-out header in every page, so a visitor sees it without a script', async () => {
    const header = (html: string) => html.slice(html.indexOf('<div id="app__header"'), html.indexOf('</header>'));
    const home = header((await page('/')).html);
    expect(home).toContain('<p class="header__welcome">');
    expect(home).toContain('<a class="header-nav__link" href="/register">Register</a>');
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
