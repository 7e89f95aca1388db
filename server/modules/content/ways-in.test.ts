/**
 * The ways in tell one story (issue 27): a business registers online at /register, then signs in
 * to apply; an agency registers with the agency form. The home page, the about page and the
 * sign-in page (server/auth/sign-in.test.ts) all link to the same forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_FORM_PATH } from '../../../common/agency-form';
import { REGISTER_START_PATH } from '../../../common/registration/steps';
import { buildTestApp, type TestContext } from '../../test/harness';

describe('the ways in', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const mainOf = async (url: string) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode, url).toBe(200);
    return response.body.slice(response.body.indexOf('<main'), response.body.indexOf('</main>'));
  };

  it('the about page sends a business to register before it signs in to apply, and an agency to its form', async () => {
    const about = await mainOf('/about');
    expect(about).toContain(`<a href="${REGISTER_START_PATH}">register your business</a>`);
    expect(about).toContain(`<a href="${AGENCY_FORM_PATH}">agency registration form</a>`);
    expect(about).not.toMatch(/^\s*Sign in to apply/m);
  });

  it('every page\'s header and footer link the agency form', async () => {
    for (const url of ['/', '/about', '/approved-suppliers']) {
      const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const header = response.body.slice(response.body.indexOf('<header'), response.body.indexOf('</header>'));
      const footer = response.body.slice(response.body.indexOf('<footer'), response.body.indexOf('</footer>'));
      expect(header, url).toContain(`href="${AGENCY_FORM_PATH}"`);
      expect(footer, url).toContain(`<a href="${AGENCY_FORM_PATH}">Register an agency</a>`);
    }
  });

  it('the home page gives agencies their form beside the directory', async () => {
    const home = await mainOf('/');
    expect(home).toContain(`<a href="${AGENCY_FORM_PATH}">Register your agency</a>`);
    expect(home).toContain(`<a href="${REGISTER_START_PATH}">Register your business</a>`);
  });
});
