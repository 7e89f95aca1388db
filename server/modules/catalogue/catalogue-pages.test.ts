/**
 * The public pages: sales channels, catalogues, services, the directory shell and supplier
 * profiles, the FAQ and the home page's figures, and the site notice's cookie.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectorySettings } from '../../../common/api/directory';
import { DIRECTORY_SETTINGS_ELEMENT_ID } from '../../../common/directory';
import { catalogues, services, supplierServices, suppliers } from '../../db/schema/index';
import { seedDemoData } from '../../seed/index';
import { currentGlobalAlert, GLOBAL_ALERT_COOKIE } from '../../pages/global-alert';
import { bearer, createSignedInUser } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';

/** Decodes the few entities renderToStaticMarkup writes in text. */
function decode(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function textOf(html: string): string {
  return decode(html.replace(/<[^>]+>/g, ''));
}

/** The inner text of every element matching `tag` (and optional attribute text) in the page. */
function texts(html: string, tag: string, attribute = ''): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*${attribute}[^>]*>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(pattern)].map((match) => textOf(match[1] ?? '').trim());
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
}

/** The page has a strict-CSP-safe shape: no inline script except JSON data, no style attributes. */
function expectNoInlineCode(html: string): void {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
  for (const attributes of scripts) {
    expect(attributes.includes(' src=') || attributes.includes('type="application/json"'), attributes).toBe(true);
  }
  expect(html).not.toMatch(/\sstyle="/);
  expect(html).not.toMatch(/\son[a-z]+="/);
}

describe('public catalogue and profile pages', () => {
  let context: TestContext;
  let approvedId: number;
  let applicantId: number;
  let inactiveId: number;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    await seedDemoData(db);
    const find = async (tradingName: string) => {
      const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.tradingName, tradingName));
      if (!row) {
        throw new Error(`${tradingName} missing`);
      }
      return row.id;
    };
    approvedId = await find('Kōwhai Digital');
    applicantId = await find('Taranaki Network Services');
    inactiveId = await find('Norwest Guarding');
  });
  afterAll(() => context.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  function expectHtmlPage(response: LightMyRequestResponse, status = 200): string {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(texts(html, 'h1')).toHaveLength(1);
    expectNoInlineCode(html);
    return html;
  }

  it('lists the sales channels with links to each, in the content layout with the side-nav toggle', async () => {
    const html = expectHtmlPage(await page('/sales-channels'));
    expect(texts(html, 'h1')).toEqual(['Sales channels']);
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/sales-channels/digital-and-ict', '/sales-channels/professional-services']));
    expect(html).toContain('data-side-nav-toggle=""');
    expect(html).toMatch(/<button[^>]*aria-controls="side-nav"[^>]*hidden=""/);
    expect(html).toContain('data-equal-height=""');
    expect(html).toContain('data-cascade-form=""');
  });

  it('shows a channel with its catalogues, breadcrumbs and the form with the channel chosen', async () => {
    const html = expectHtmlPage(await page('/sales-channels/digital-and-ict'));
    expect(texts(html, 'h1')).toEqual(['Digital and ICT']);
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/catalogues/cloud-services', '/catalogues/cyber-security']));
    const breadcrumbs = html.match(/<nav class="breadcrumbs"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(texts(breadcrumbs, 'li')).toEqual(['Home', 'Sales channels', 'Digital and ICT']);
    expect(breadcrumbs).toContain('<span aria-current="page">Digital and ICT</span>');
    const form = html.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toContain('data-cascade-form=""');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/approved-suppliers"');
    expect(html).toMatch(/<option value="\d+" selected="">Digital and ICT<\/option>/);
    // Without script the catalogue list holds every catalogue, grouped by channel.
    expect(html).toContain('<optgroup label="Professional Services"');
  });

  it('shows a catalogue with its services and the side navigation open at the channel', async () => {
    const html = expectHtmlPage(await page('/catalogues/cloud-services'));
    expect(texts(html, 'h1')).toEqual(['Cloud Services']);
    expect(hrefs(html)).toEqual(expect.arrayContaining(['/services/cloud-migration', '/services/cloud-hosting-iaas']));
    const sideNav = html.match(/<nav id="side-nav"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(sideNav).toContain('aria-current="page">Cloud Services</a>');
    expect(sideNav).toContain('href="/catalogues/cyber-security"');
  });

  it('shows a service with exactly its approved suppliers that have published the listing, each linking to its profile', async () => {
    const { db } = context.database;
    const [service] = await db.select().from(services).where(eq(services.slug, 'penetration-testing'));
    if (!service) {
      throw new Error('service missing');
    }
    const listed = await db
      .select({ id: suppliers.id, tradingName: suppliers.tradingName })
      .from(supplierServices)
      .innerJoin(suppliers, eq(suppliers.id, supplierServices.supplierId))
      .where(and(eq(supplierServices.serviceId, service.id), eq(suppliers.status, 'approved'), isNotNull(supplierServices.publishedAt)));
    const html = expectHtmlPage(await page('/services/penetration-testing'));
    expect(texts(html, 'h1')).toEqual(['Penetration testing']);
    const supplierLinks = hrefs(html).filter((href) => /^\/approved-suppliers\/\d+$/.test(href));
    expect(supplierLinks.sort()).toEqual(listed.map((row) => `/approved-suppliers/${row.id}`).sort());
    expect(listed.length).toBeGreaterThan(0);
    const [catalogue] = await db.select().from(catalogues).where(eq(catalogues.id, service.catalogueId));
    expect(hrefs(html)).toContain(`/approved-suppliers?channel=${catalogue?.channelId ?? 0}&catalogue=${service.catalogueId}&service=${service.id}`);
  });

  it.each(['/sales-channels/no-such-channel', '/catalogues/no-such-catalogue', '/services/no-such-service', `/services/${'x'.repeat(99)}`])(
    'answers the unknown %s with the not-found page',
    async (url) => {
      const html = expectHtmlPage(await page(url), 404);
      expect(texts(html, 'h1')).toEqual(['Page not found']);
    },
  );

  it('renders the directory shell with its settings block', async () => {
    const html = expectHtmlPage(await page('/approved-suppliers'));
    expect(texts(html, 'h1')).toEqual(['Approved suppliers']);
    expect(html).toContain('<div id="app__suppliers"');
    const json = html.match(new RegExp(`<script type="application/json" id="${DIRECTORY_SETTINGS_ELEMENT_ID}">([\\s\\S]*?)</script>`))?.[1];
    expect(json).toBeDefined();
    const settings = JSON.parse(json ?? 'null') as DirectorySettings;
    expect(settings.formAction).toBe('/api/v1/directory/search');
    expect(settings.exportAction).toBe('/api/v1/directory/export.csv');
    expect(settings.channels.map((channel) => channel.title)).toEqual(expect.arrayContaining(['Digital and ICT', 'Professional Services']));
    const digital = settings.channels.find((channel) => channel.title === 'Digital and ICT');
    expect(digital?.catalogues.find((catalogue) => catalogue.title === 'Cloud Services')?.services.length).toBeGreaterThan(0);
  });

  it("shows an approved supplier's profile: names, numbers, offers by channel and catalogue, location and contact links", async () => {
    const html = expectHtmlPage(await page(`/approved-suppliers/${approvedId}`));
    expect(texts(html, 'h1')).toEqual(['Kōwhai Digital']);
    const body = textOf(html);
    expect(body).toContain('Kowhai Digital Limited');
    expect(body).toContain('9429059326069');
    expect(body).toContain('Wellington, New Zealand');
    expect(body).toContain('A Wellington digital agency');
    expect(html).toContain('href="mailto:hello@kowhaidigital.co.nz"');
    expect(html).toContain('href="tel:+6445550142"');
    expect(html).toMatch(/<a href="https:\/\/www\.kowhaidigital\.co\.nz\/" rel="external noopener noreferrer" target="_blank">/);
    expect(texts(html, 'h3')).toContain('Digital and ICT');
    expect(hrefs(html).some((href) => href.startsWith('/services/'))).toBe(true);
    const breadcrumbs = html.match(/<nav class="breadcrumbs"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(texts(breadcrumbs, 'li')).toEqual(['Home', 'Approved suppliers', 'Kōwhai Digital']);
  });

  it('answers 404 for an applicant, an inactive supplier, an approved one with nothing published, and ids that cannot exist', async () => {
    const { db } = context.database;
    const [other] = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.status, 'approved'), eq(suppliers.tradingName, 'Harbourside Consulting')));
    if (!other) {
      throw new Error('supplier missing');
    }
    expect((await page(`/approved-suppliers/${other.id}`)).statusCode).toBe(200);
    await db.update(supplierServices).set({ publishedAt: null }).where(eq(supplierServices.supplierId, other.id));
    for (const id of [applicantId, inactiveId, other.id, 'abc', '0', '-3', '1.5', '99999999999', '00012']) {
      const html = expectHtmlPage(await page(`/approved-suppliers/${id}`), 404);
      expect(texts(html, 'h1')).toEqual(['Page not found']);
    }
  });

  it('never links a website that is not http(s)', async () => {
    const { db } = context.database;
    await db.update(suppliers).set({ website: 'javascript:alert(1)' }).where(eq(suppliers.id, approvedId));
    const html = expectHtmlPage(await page(`/approved-suppliers/${approvedId}`));
    expect(html).not.toContain('javascript:');
    await db.update(suppliers).set({ website: 'https://www.kowhaidigital.co.nz' }).where(eq(suppliers.id, approvedId));
  });

  it('shows the description and contact details a supplier admin saved, escaped, linking the website only when it is http(s)', async () => {
    const admin = await createSignedInUser(context, { suppliers: [{ supplierId: approvedId, isAdmin: true }] });
    const headers = bearer(admin.accessToken, approvedId);
    const [demoContact] = await context.database.db
      .select({ summary: suppliers.summary, email: suppliers.email, phone: suppliers.phone, website: suppliers.website })
      .from(suppliers)
      .where(eq(suppliers.id, approvedId));
    const save = async (changes: Record<string, string>) => {
      const details = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers });
      const { last_edited } = details.json<{ last_edited: string }>();
      return context.app.inject({ method: 'PUT', url: '/api/v1/supplier-registration', headers, payload: { last_edited, ...changes } });
    };
    const saved = await save({
      description: 'Design & build of <accessible> "public" services.',
      contact_email: 'mahi@kowhai.example.co.nz',
      contact_phone: '04 555 0199',
      website: 'http://kowhai.example.co.nz/mahi?tab=services&lang=mi',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const html = expectHtmlPage(await page(`/approved-suppliers/${approvedId}`));
    expect(html).toContain('<p class="lead">Design &amp; build of &lt;accessible&gt; &quot;public&quot; services.</p>');
    expect(html).not.toContain('<accessible>');
    expect(html).toContain('href="mailto:mahi@kowhai.example.co.nz"');
    expect(html).toContain('href="tel:045550199"');
    expect(html).toContain('href="http://kowhai.example.co.nz/mahi?tab=services&amp;lang=mi"');
    const contact = html.match(/<section class="card" aria-labelledby="profile-contact-title">[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(textOf(contact)).toContain('mahi@kowhai.example.co.nz');
    expect(textOf(contact)).toContain('04 555 0199');
    expect(textOf(contact)).toContain('kowhai.example.co.nz/mahi');

    // A cleared website leaves no link; a stored address that is not http(s) is never linked.
    expect((await save({ description: '', website: '' })).statusCode).toBe(200);
    const withoutWebsite = expectHtmlPage(await page(`/approved-suppliers/${approvedId}`));
    expect(withoutWebsite).not.toContain('kowhai.example.co.nz/mahi');
    expect(texts(withoutWebsite, 'dt')).not.toContain('Website');
    expect(texts(withoutWebsite, 'p', 'class="lead"')).toEqual([]);
    await context.database.db.update(suppliers).set({ website: 'data:text/html,<b>hi</b>' }).where(eq(suppliers.id, approvedId));
    const unsafe = expectHtmlPage(await page(`/approved-suppliers/${approvedId}`));
    expect(unsafe).not.toContain('data:text');
    await context.database.db.update(suppliers).set({ ...demoContact }).where(eq(suppliers.id, approvedId));
  });

  it('shows the live figures on the home page in stat blocks', async () => {
    const { db } = context.database;
    const [catalogueCount] = await db.select({ value: count() }).from(catalogues);
    const html = expectHtmlPage(await page('/'));
    const blocks = texts(html, 'li', 'class="stat-block-wrapper"');
    expect(blocks).toHaveLength(3);
    expect(blocks[2]).toBe(`${catalogueCount?.value ?? -1} catalogues`);
    expect(blocks[0]).toMatch(/^\d+ approved suppliers?$/);
    expect(blocks[1]).toMatch(/^\d+ services? offered$/);
    expect(html).toContain('data-tabs=""');
    expect(hrefs(html)).toContain('/approved-suppliers');
  });

  it('serves the FAQ with ten or more questions in a searchable accordion', async () => {
    const html = expectHtmlPage(await page('/help/faq'));
    expect(texts(html, 'h1')).toEqual(['Frequently asked questions']);
    expect(html).toContain('data-accordion-search="Search the questions"');
    expect(texts(html, 'h2', 'class="accordion__heading"').length).toBeGreaterThanOrEqual(10);
  });

  it('links the directory, the sales channels and the FAQ from the header navigation and the footer', async () => {
    const html = expectHtmlPage(await page('/about'));
    for (const landmark of ['<nav class="site-nav" aria-label="Main">', '<nav class="site-footer__nav" aria-label="Footer">']) {
      const start = html.indexOf(landmark);
      const nav = html.slice(start, html.indexOf('</nav>', start));
      expect(start).toBeGreaterThan(-1);
      expect(hrefs(nav)).toEqual(expect.arrayContaining(['/approved-suppliers', '/sales-channels', '/help/faq', '/about']));
    }
  });

  describe('the site notice', () => {
    const alert = currentGlobalAlert('Marketplace');

    it('is on every page with its id, cookie name and a dismiss button hidden until script runs', async () => {
      for (const url of ['/', '/sales-channels', '/help/faq', '/no-such-page']) {
        const response = await page(url);
        expect(response.body, url).toContain(`data-global-alert="${alert.id}"`);
        expect(response.body, url).toContain(`data-cookie-name="${GLOBAL_ALERT_COOKIE}"`);
        expect(response.body, url).toMatch(/<button[^>]*data-global-alert-dismiss=""[^>]*hidden=""/);
      }
    });

    it('is left out once its cookie names it, and shown again for an older notice id', async () => {
      const dismissed = await page('/', { cookie: `other=1; ${GLOBAL_ALERT_COOKIE}=${encodeURIComponent(alert.id)}` });
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.body).not.toContain('data-global-alert=');
      const older = await page('/', { cookie: `${GLOBAL_ALERT_COOKIE}=an-older-notice` });
      expect(older.body).toContain(`data-global-alert="${alert.id}"`);
      const malformed = await page('/', { cookie: `${GLOBAL_ALERT_COOKIE}=%E0%A4%A` });
      expect(malformed.statusCode).toBe(200);
      expect(malformed.body).toContain(`data-global-alert="${alert.id}"`);
    });
  });

  it('has the cookie-message region on every page', async () => {
    const html = expectHtmlPage(await page('/sales-channels/digital-and-ict'));
    expect(html).toContain('<div id="cookie-message" class="cookie-message" role="alert" data-cookie-message=""></div>');
  });
});
