/** GET /forms/{key}/{version}/validators.js: a form version's precompiled validators (public: schemas are not secret). */
import { Type } from 'typebox';
import { FormValidatorsParamsSchema } from '../../../common/api/forms';
import { errorResponses } from '../../../common/api/http';
import type { App } from '../../app-type';
import { AppError, ErrorCode } from '../../errors';
import { findFormDefinition } from './registry';
import { validatorsModule } from './validators';

export async function registerFormsModule(app: App): Promise<void> {
  app.get(
    '/forms/:key/:version/validators.js',
    {
      schema: {
        tags: ['forms'],
        summary: "A form version's precompiled validators, as a JavaScript module",
        params: FormValidatorsParamsSchema,
        querystring: Type.Object({ h: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Type.String(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const definition = await findFormDefinition(app.database.db, request.params.key, request.params.version);
      if (!definition) {
        throw new AppError(ErrorCode.NotFound, 'No such form version.');
      }
      const module = validatorsModule(definition);
      // The URL the definition hands out carries the hash, so a matching request may be kept forever.
      const cacheControl = request.query.h === module.hash ? 'public, max-age=31536000, immutable' : 'no-cache';
      return reply.type('text/javascript; charset=utf-8').header('cache-control', cacheControl).send(module.code);
    },
  );
}
