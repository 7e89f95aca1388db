/** GET /api/v1/admin/forms/{key}/{version}: a stored form version for the team's app, team only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTeamMemberUser } from '../applications/team-test-support';

describe('/api/v1/admin/forms/{key}/{version}', () => {
  let context: TestContext;
  let teamMember: Record<string, string>;
  let supplierUser: Record<string, string>;
  const read = (url: string, headers: Record<string, string>) => context.app.inject({ method: 'GET', url: `/api/v1/admin/forms/${url}`, headers });

  beforeAll(async () => {
    context = await buildTestApp();
    teamMember = (await createTeamMemberUser(context)).headers;
    supplierUser = (await createApplicantSupplier(context, 'Someone Else')).headers;
  });
  afterAll(() => context.close());

  it('answers the team a stored version with its steps, so answers read by their questions', async () => {
    const response = await read('supplier-registration/1', teamMember);
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json<FormDefinitionResponse>();
    expect(form).toMatchObject({ key: 'supplier-registration', version: 1 });
    expect(form.steps.map((step) => step.title)).toEqual(['Your business', 'Addresses and contacts', 'About your company', 'Declarations']);
    expect((await read('agency/1', teamMember)).json()).toMatchObject({ key: 'agency', version: 1 });
  });

  it('answers 404 for a version it does not know, 400 for a malformed one', async () => {
    expect((await read('supplier-registration/999', teamMember)).statusCode).toBe(404);
    expect((await read('no-such-form/1', teamMember)).statusCode).toBe(404);
    expect((await read('Bad_Key/1', teamMember)).statusCode).toBe(400);
    expect((await read('agency/0', teamMember)).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 to a supplier user', async () => {
    expect((await read('agency/1', {})).statusCode).toBe(401);
    expect((await read('agency/1', supplierUser)).statusCode).toBe(403);
  });
});
