import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TOKEN_HEADER } from '../../../common/public-form';
import { agencyReference } from '../../../common/agency-form';
import type { AgencyApplicationResponse } from '../../../common/api/agencies';
import { agencyApplications, auditLog } from '../../db/schema/index';
import { UNSAFE_TEXT_MESSAGE } from '../../http/input-guard';
import { FOREIGN_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE } from '../../http/public-form-token';
import type { PublicFormVisitor } from '../../http/public-form-test-support';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { agencyReceivedSubject, resumeLinkSubject } from './notify';
import { EXPIRED_RESUME_LINK_MESSAGE, hashResumeId, RESUME_LINK_NEEDS_EMAIL_MESSAGE, UNKNOWN_RESUME_LINK_MESSAGE } from './service';
import { COMPLETE_ANSWERS, openAgencyForm, STEP_ONE_ANSWERS } from './test-support';

describe('the agency registration form API', () => {
  let context: TestContext;
  let visitor: PublicFormVisitor;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = visitor.headers) =>
    context.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const create = (payload: unknown = { answers: STEP_ONE_ANSWERS, lastStep: 2 }) => call('POST', '/agency-form/application', payload);
  const rowOf = async (id: string) =>
    (await context.database.db.select().from(agencyApplications).where(eq(agencyApplications.resumeTokenHash, hashResumeId(id))))[0];

  beforeAll(async () => {
    context = await buildTestApp({ AGENCY_RESUME_DAYS: '30' });
    visitor = await openAgencyForm(context.app);
  });
  afterAll(() => context.close());

  it('serves the form page at /agency-form and every path below it, as a public form page that no cache keeps', async () => {
    for (const path of ['/agency-form', '/agency-form/step/2', '/agency-form/resume/abc']) {
      const response = await context.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('id="app__agency"');
      expect(response.body, path).toMatch(/<body[^>]* data-security-token="/);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
      expect(response.body, path).toContain('<title>Marketplace — Agency Registration</title>');
    }
  });

  it('draws the start page itself, so a first visitor can read it and start without the app; the other screens are the app’s', async () => {
    const start = await context.app.inject({ method: 'GET', url: '/agency-form' });
    expect(start.body).toMatch(/<div id="app__agency"[^>]*>.*<h1>Register your agency<\/h1>/s);
    expect(start.body).toContain('<a class="button" href="/agency-form/step/1">Start now</a>');
    expect(start.body).toContain('<a href="/agency-form/contact">Contact the team</a>');
    const step = await context.app.inject({ method: 'GET', url: '/agency-form/step/1' });
    expect(step.body).toMatch(/<div id="app__agency"[^>]*><\/div>/);
    expect(step.body).not.toContain('Start now');
  });

  it('serves the form definition: three steps with the validators module', async () => {
    const response = await call('GET', '/agency-form');
    expect(response.statusCode).toBe(200);
    const form = response.json<{ key: string; steps: { id: string; title: string }[]; validators: string }>();
    expect(form.key).toBe('agency');
    expect(form.steps.map((step) => step.title)).toEqual(['Initial details', 'Terms and conditions', 'Operational information']);
    const validators = await context.app.inject({ method: 'GET', url: `/api/v1/${form.validators}` });
    expect(validators.statusCode).toBe(200);
    expect(validators.body).toContain('"initial-details"');
  });

  it('answers 403 without a token or with another session\'s, and stores nothing', async () => {
    const other = await openAgencyForm(context.app);
    const before = (await context.database.db.select().from(agencyApplications)).length;
    const own = await create();
    expect(own.statusCode).toBe(200);
    const withoutToken = await call('POST', '/agency-form/application', { answers: STEP_ONE_ANSWERS, lastStep: 2 }, { cookie: visitor.cookie });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json()).toEqual({ error: 'forbidden', message: MISSING_TOKEN_MESSAGE });
    const forged = await call('POST', '/agency-form/application', { answers: STEP_ONE_ANSWERS, lastStep: 2 }, { cookie: visitor.cookie, [SECURITY_TOKEN_HEADER]: other.token });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: 'forbidden', message: FOREIGN_TOKEN_MESSAGE });
    expect((await context.database.db.select().from(agencyApplications)).length).toBe(before + 1);

    const { id } = own.json<AgencyApplicationResponse>();
    const forgedPut = await call('PUT', `/agency-form/application/${id}`, { answers: { agency_name: 'Forged' }, lastStep: 3 }, { cookie: visitor.cookie });
    expect(forgedPut.statusCode).toBe(403);
    const forgedSubmit = await call('POST', `/agency-form/application/${id}/submit`, { answers: COMPLETE_ANSWERS }, { cookie: other.cookie, [SECURITY_TOKEN_HEADER]: visitor.token });
    expect(forgedSubmit.statusCode).toBe(403);
    expect(await rowOf(id)).toMatchObject({ agencyName: 'Ministry of Tides', lastStep: 2, status: 'incomplete' });
    for (const url of ['/agency-form', `/agency-form/application/${id}`]) {
      expect((await call('GET', url, undefined, {})).statusCode, url).toBe(403);
    }
  });

  it('saves the answers so far, stores only a hash of the unguessable resume id, and reads them back', async () => {
    const created = await create();
    expect(created.statusCode).toBe(200);
    const saved = created.json<AgencyApplicationResponse>();
    expect(saved.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(saved).toMatchObject({ status: 'Incomplete', lastStep: 2, answers: STEP_ONE_ANSWERS });
    const row = await rowOf(saved.id);
    expect(row?.resumeTokenHash).not.toBe(saved.id);
    expect(JSON.stringify(row)).not.toContain(saved.id);
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const read = await call('GET', `/agency-form/application/${saved.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: saved.id, status: 'Incomplete', lastStep: 2, answers: STEP_ONE_ANSWERS });

    const updated = await call('PUT', `/agency-form/application/${saved.id}`, { answers: { ...STEP_ONE_ANSWERS, terms_accepted: true }, lastStep: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ lastStep: 3, answers: { terms_accepted: true } });
    const audit = await context.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(row?.id)));
    expect(audit.map((entry) => [entry.action, entry.actorUserId])).toEqual(
      expect.arrayContaining([
        ['agency.create', null],
        ['agency.save', null],
      ]),
    );
  });

  it('emails the resume link to the contact on "save and come back later", and it opens the saved answers in a new browser', async () => {
    const saved = (await create({ answers: STEP_ONE_ANSWERS, lastStep: 3, sendResumeLink: true })).json<AgencyApplicationResponse>();
    expect(saved.resumeLinkSentTo).toBe(STEP_ONE_ANSWERS.contact_email);
    const entry = (await context.deliverMail()).find((mail) => mail.to.includes(STEP_ONE_ANSWERS.contact_email));
    expect(entry?.subject).toBe(resumeLinkSubject('Marketplace'));
    const message = await readOutboxMessage(context.config.mail.outboxDir, entry?.id ?? '');
    expect(message?.text).toContain(`http://localhost:3999/agency-form/resume/${saved.id}`);

    const freshBrowser = await openAgencyForm(context.app, `/agency-form/resume/${saved.id}`);
    const read = await call('GET', `/agency-form/application/${saved.id}`, undefined, freshBrowser.headers);
    expect(read.json()).toMatchObject({ status: 'Incomplete', lastStep: 3, answers: STEP_ONE_ANSWERS });
  });

  it('answers 400 to "come back later" without an email address to send the link to', async () => {
    const response = await create({ answers: { agency_name: 'No Email Agency' }, lastStep: 1, sendResumeLink: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ field: 'contact_email', message: RESUME_LINK_NEEDS_EMAIL_MESSAGE }] });
  });

  it('answers 400 with each failing field to answers that break the form\'s schema, and keeps the saved answers', async () => {
    const { id } = (await create()).json<AgencyApplicationResponse>();
    const bad = await call('PUT', `/agency-form/application/${id}`, {
      answers: { ...STEP_ONE_ANSWERS, contact_email: 'not an email', agency_type: 'pirate ship', nzbn: '12345', favourite_colour: 'blue' },
      lastStep: 2,
    });
    expect(bad.statusCode).toBe(400);
    const details = bad.json<{ details: { field: string; message: string }[] }>().details;
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'contact_email', message: 'Enter an email address in the correct format, like name@agency.govt.nz' },
        { field: 'nzbn', message: 'Enter the NZBN as 13 digits starting 94' },
        { field: 'favourite_colour', message: 'This form has no such question' },
        expect.objectContaining({ field: 'agency_type' }) as { field: string },
      ]),
    );
    expect((await rowOf(id))?.data).toEqual(STEP_ONE_ANSWERS);
    for (const body of [{ answers: STEP_ONE_ANSWERS }, { answers: STEP_ONE_ANSWERS, lastStep: 9 }, { answers: 'text', lastStep: 1 }, { answers: {}, lastStep: 1, extra: 1 }]) {
      expect((await call('PUT', `/agency-form/application/${id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses to submit an incomplete registration, naming every missing answer, then submits a complete one', async () => {
    const { id } = (await create()).json<AgencyApplicationResponse>();
    const incomplete = await call('POST', `/agency-form/application/${id}/submit`, { answers: STEP_ONE_ANSWERS });
    expect(incomplete.statusCode).toBe(400);
    const fields = incomplete.json<{ details: { field: string }[] }>().details.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['terms_accepted', 'procurement_contact_name', 'services_of_interest']));
    expect((await rowOf(id))?.status).toBe('incomplete');

    const submitted = await call('POST', `/agency-form/application/${id}/submit`, { answers: COMPLETE_ANSWERS });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'Complete', answers: {} });
    expect(await rowOf(id)).toMatchObject({ status: 'submitted', agencyName: 'Ministry of Tides', contactEmail: STEP_ONE_ANSWERS.contact_email });

    // Its reference, on the answer and in the acknowledgement to the contact, with the team's aim.
    const row = await rowOf(id);
    const reference = agencyReference(row?.id ?? 0);
    expect(submitted.json()).toMatchObject({ reference });
    const entry = (await context.deliverMail()).find((mail) => mail.to.includes(STEP_ONE_ANSWERS.contact_email));
    const acknowledgement = await readOutboxMessage(context.config.mail.outboxDir, entry?.id ?? '');
    expect(acknowledgement?.subject).toBe(agencyReceivedSubject('Marketplace'));
    expect(acknowledgement?.text).toContain(`Your reference is ${reference}.`);
    expect(acknowledgement?.text).toContain(`within ${String(context.config.reviewTargetDays)} working days`);
    expect(acknowledgement?.text).not.toContain('Ministry of Tides');

    // The resume link of a submitted registration says so (the app goes to completed); it cannot change.
    expect((await call('GET', `/agency-form/application/${id}`)).json()).toMatchObject({ status: 'Complete' });
    expect((await call('PUT', `/agency-form/application/${id}`, { answers: STEP_ONE_ANSWERS, lastStep: 1 })).statusCode).toBe(409);
    expect((await call('POST', `/agency-form/application/${id}/submit`, { answers: COMPLETE_ANSWERS })).statusCode).toBe(409);
  });

  it('answers 404 to an unknown resume id, 400 to a malformed one, and 410 to an expired one', async () => {
    const unknown = await call('GET', `/agency-form/application/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: UNKNOWN_RESUME_LINK_MESSAGE });
    expect((await call('GET', '/agency-form/application/short')).statusCode).toBe(400);

    const { id } = (await create()).json<AgencyApplicationResponse>();
    await context.database.db.update(agencyApplications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(agencyApplications.resumeTokenHash, hashResumeId(id)));
    const expired = await call('GET', `/agency-form/application/${id}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'gone', message: EXPIRED_RESUME_LINK_MESSAGE });
    expect((await call('PUT', `/agency-form/application/${id}`, { answers: STEP_ONE_ANSWERS, lastStep: 2 })).statusCode).toBe(410);
    expect((await call('POST', `/agency-form/application/${id}/submit`, { answers: COMPLETE_ANSWERS })).statusCode).toBe(410);
  });

  it('answers 400 from the input guard to a NUL or an unpaired surrogate in an answer, storing nothing', async () => {
    const before = (await context.database.db.select().from(agencyApplications)).length;
    for (const name of ['Tides\u0000Ministry', 'Tides \ud800']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/agency-form/application',
        headers: { ...visitor.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ answers: { agency_name: name }, lastStep: 1 }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ message: UNSAFE_TEXT_MESSAGE }] });
    }
    expect((await context.database.db.select().from(agencyApplications)).length).toBe(before);
  });
});

describe('the agency form\'s rate limit', () => {
  let context: TestContext;
  afterAll(() => context.close());

  it('answers 429 after PUBLIC_FORM_RATE_LIMIT calls a minute from one address', async () => {
    context = await buildTestApp({ PUBLIC_FORM_RATE_LIMIT: '3' });
    const visitor = await openAgencyForm(context.app);
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await context.app.inject({ method: 'GET', url: '/api/v1/agency-form', headers: visitor.headers })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Each route counts its own calls.
    const save = await context.app.inject({ method: 'POST', url: '/api/v1/agency-form/application', headers: visitor.headers, payload: { answers: {}, lastStep: 1 } });
    expect(save.statusCode).toBe(200);
  });
});
