/**
 * The public agency registration form's API (spec §7: GET agency-form, GET agency-form/application/{id},
 * plus the saves and the submission), every route needing the page's X-SECURITY-TOKEN and rate
 * limited per address; and the approved agencies' source list for signed-in suppliers.
 */
import {
  AgencyApplicationResponseSchema,
  AgencyResumeParamsSchema,
  AgencySourceListSchema,
  SaveAgencyApplicationRequestSchema,
  SubmitAgencyApplicationRequestSchema,
} from '../../../common/api/agencies';
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { publicFormRoute } from '../../http/public-form-token';
import {
  agencyDepsOf,
  createAgencyApplication,
  getAgencyForm,
  listApprovedAgencies,
  readAgencyApplication,
  saveAgencyApplication,
  submitAgencyApplication,
  type SavedAgencyApplication,
} from './service';

export const AGENCY_FORM_API = '/agency-form';

export async function registerAgenciesModule(app: App): Promise<void> {
  const deps = agencyDepsOf(app);
  const tags = ['agencies'];
  const publicForm = publicFormRoute(app);

  /** The save's answer; when it asked for the resume link (queued with the save), it says where the link goes. */
  function withResumeLink(saved: SavedAgencyApplication) {
    return saved.resumeLinkTo === undefined ? saved.response : { ...saved.response, resumeLinkSentTo: saved.resumeLinkTo };
  }

  app.get(
    AGENCY_FORM_API,
    {
      ...publicForm,
      schema: {
        tags,
        summary: 'The agency registration form: its steps and precompiled validators (public, needs X-SECURITY-TOKEN)',
        response: { 200: FormDefinitionResponseSchema, ...errorResponses(403, 429, 503) },
      },
    },
    async () => getAgencyForm(app.database.db),
  );

  app.post(
    `${AGENCY_FORM_API}/application`,
    {
      ...publicForm,
      schema: {
        tags,
        summary: 'Saves a new agency registration with the answers so far; answers its resume id',
        description: 'Answers are checked as a draft (what is given must be valid). With sendResumeLink, the resume link is emailed to contact_email.',
        body: SaveAgencyApplicationRequestSchema,
        response: { 200: AgencyApplicationResponseSchema, ...errorResponses(400, 403, 429, 503) },
      },
    },
    async (request) => withResumeLink(await createAgencyApplication(deps, request.body)),
  );

  app.get(
    `${AGENCY_FORM_API}/application/:id`,
    {
      ...publicForm,
      schema: {
        tags,
        summary: 'A saved agency registration by its resume id: status, lastStep and the answers',
        description: '404 for an unknown id, 410 when the link expired; a submitted registration answers its status without its answers.',
        params: AgencyResumeParamsSchema,
        response: { 200: AgencyApplicationResponseSchema, ...errorResponses(400, 403, 404, 410, 429) },
      },
    },
    async (request) => readAgencyApplication(deps, request.params.id),
  );

  app.put(
    `${AGENCY_FORM_API}/application/:id`,
    {
      ...publicForm,
      schema: {
        tags,
        summary: 'Saves the answers so far of an unsubmitted agency registration',
        body: SaveAgencyApplicationRequestSchema,
        params: AgencyResumeParamsSchema,
        response: { 200: AgencyApplicationResponseSchema, ...errorResponses(400, 403, 404, 409, 410, 429, 503) },
      },
    },
    async (request) => withResumeLink(await saveAgencyApplication(deps, request.params.id, request.body)),
  );

  app.post(
    `${AGENCY_FORM_API}/application/:id/submit`,
    {
      ...publicForm,
      schema: {
        tags,
        summary: 'Submits an agency registration for the team to review; every question is checked',
        body: SubmitAgencyApplicationRequestSchema,
        params: AgencyResumeParamsSchema,
        response: { 200: AgencyApplicationResponseSchema, ...errorResponses(400, 403, 404, 409, 410, 429) },
      },
    },
    async (request) => submitAgencyApplication(deps, request.params.id, request.body.answers),
  );

  app.get(
    '/engagement-notice/agency',
    {
      preValidation: [app.authenticate, app.requireSupplier],
      schema: {
        tags,
        summary: 'The approved agencies, by name: the source list of engagement notices',
        response: { 200: AgencySourceListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listApprovedAgencies(app.database.db),
  );
}
