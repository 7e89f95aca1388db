/**
 * GET /admin/forms/{key}/{version} (team only): any form version the server knows, so the team's
 * app can read a record's stored answers by their questions (a registration's, an agency's),
 * in the version they were given on.
 */
import { FormDefinitionResponseSchema, FormValidatorsParamsSchema } from '../../../common/api/forms';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { AppError, ErrorCode } from '../../errors';
import { findFormDefinition } from './registry';
import { validatorsPath } from './validators';

export async function registerTeamFormRoutes(app: App): Promise<void> {
  app.get(
    '/admin/forms/:key/:version',
    {
      preValidation: [app.authenticate, app.requireTeamMember],
      schema: {
        tags: ['admin'],
        summary: 'One version of a form: its steps, questions and labels, to read answers given on it',
        params: FormValidatorsParamsSchema,
        response: { 200: FormDefinitionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const definition = await findFormDefinition(app.database.db, request.params.key, request.params.version);
      if (!definition) {
        throw new AppError(ErrorCode.NotFound, 'No such form version.');
      }
      return { ...definition, validators: validatorsPath(definition) };
    },
  );
}
