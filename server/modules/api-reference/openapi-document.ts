/**
 * What the OpenAPI document at /api/v1/openapi.json says beyond each route's own schema (issue 32):
 * how to sign in, the one error shape, the bearer security scheme, and one tag per area of the API
 * (public, account, supplier, agency, team, open data). Each route's area, and with it its security
 * and the organisation header it needs, is read from the guards the route runs, so a new route is
 * documented rightly without saying so twice. Only the document changes: the routes' schemas, which
 * validate and serialise, are never touched (the transform returns copies).
 */
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
// @fastify/swagger's own types are written with these (its dependency).
import type { OpenAPIV3 } from 'openapi-types';
import { ErrorResponseSchema } from '../../../common/api/http';
import { SECURITY_TOKEN_HEADER } from '../../../common/public-form';
import { API_PREFIX } from '../../../common/site-paths';
import type { App } from '../../app-type';

/** The areas of the API, as the reference groups its operations. */
export const ApiArea = {
  Public: 'Public',
  Account: 'Account',
  Supplier: 'Supplier',
  Agency: 'Agency',
  Team: 'Team',
  OpenData: 'Open data',
} as const;
export type ApiArea = (typeof ApiArea)[keyof typeof ApiArea];

const AREAS: readonly ApiArea[] = Object.values(ApiArea);

/** The name of the security scheme every signed-in operation names. */
export const BEARER_SCHEME = 'bearerAuth';
export const SUPPLIER_ID_HEADER = 'X-Supplier-Id';
export const AGENCY_ID_HEADER = 'X-Agency-Id';

/** The digits an organisation header takes (server/auth/supplier-context.ts and agency-context.ts read them). */
const ORGANISATION_ID_PATTERN = '^[1-9][0-9]{0,9}$';

const TAG_DESCRIPTIONS: Record<ApiArea, string> = {
  [ApiArea.Public]:
    'No sign-in: the directory of approved suppliers and its CSV download, the sales channels, invitation links and the forms\' validators. ' +
    `The supplier registration and agency registration operations serve those forms' pages: they also need the \`${SECURITY_TOKEN_HEADER}\` header, ` +
    'which the page carries (`data-security-token` on its body), and are rate limited per address.',
  [ApiArea.Account]:
    'Any signed-in person, whichever organisation they act for: who they are and the suppliers and agencies they belong to, their password, ' +
    'sign-ins and second factors, accepting an invitation, and uploading and reading files.',
  [ApiArea.Supplier]:
    'The supplier dashboard: applications, service listings, engagement notices, billing reports, messages with the marketplace team, ' +
    `the supplier's details and its people. Each needs a bearer token and the \`${SUPPLIER_ID_HEADER}\` header naming a supplier the person belongs to; ` +
    "some need the person to be that supplier's admin.",
  [ApiArea.Agency]:
    "The agency dashboard: the engagement notices and billing reports that name the agency (confirm, dispute, query), its spend, shortlists and people. " +
    `Each needs a bearer token and the \`${AGENCY_ID_HEADER}\` header naming an approved agency the person belongs to.`,
  [ApiArea.Team]:
    "The marketplace team's tools, under `/api/v1/admin/`: queues, reviews, suppliers, agencies, the catalogue, the audit log and the team itself. " +
    'Each needs a bearer token from a sign-in with a second factor, of a team member; adding and removing team members needs a team admin.',
  [ApiArea.OpenData]:
    'What the marketplace bought, published in the Open Contracting Data Standard (OCDS 1.1.5): release and record packages, with no sign-in.',
};

/** The description of an error answer, by status, for the operations that list it. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: the input is not valid. `details` lists each failing field as `{ field, message }`.',
  401: 'Not signed in: the access token is missing, malformed, forged or not for this API.',
  403: 'Refused: not allowed to this person or for this organisation; or `session expired` (renew the access token and try again); or `second factor required`.',
  404: 'Not found: no such record, or one that belongs to another organisation (the answer is the same).',
  409: "Conflict: someone saved the record after you read it (its `lastEdited` moved on), or its state does not allow this.",
  410: 'Gone: the link has expired or was already used.',
  413: 'Too large: the body or file is over the limit.',
  415: 'Unsupported media type: the file is not of a kind this operation takes.',
  429: 'Too many requests: wait for the seconds the `Retry-After` header gives, then try again.',
  503: 'Unavailable: the identity provider could not be reached to check the token.',
};

/** `info.description` (CommonMark): how to sign in and choose the organisation, and the error shape. */
export function apiDescription(app: App): string {
  const { productName, oidc } = app.config;
  return [
    `The REST API of the ${productName}, under \`${API_PREFIX}\`: the public directory and catalogue, the supplier and agency dashboards, ` +
      "the marketplace team's tools and the published open data. It is what the portal's own pages use. Requests and answers are JSON " +
      'unless an operation says otherwise (CSV and spreadsheet downloads, file uploads).',
    '### Signing in',
    'Operations tagged **Public** and **Open data** need no sign-in. Every other operation needs an access token from the portal\'s ' +
      `identity provider, sent as \`Authorization: Bearer <access token>\` (the \`${BEARER_SCHEME}\` security scheme).`,
    `- The identity provider speaks OpenID Connect. Its issuer is \`${oidc.issuer}\`, described at \`${oidc.issuer}/.well-known/openid-configuration\`.`,
    `- Sign in with the authorisation code flow with PKCE, as the client \`${oidc.clientId}\`, asking for the resource \`${oidc.audience}\`: ` +
      'the access token is a signed JWT for that audience. Renew it with the refresh token before it expires.',
    '- A missing, malformed or foreign token answers `401`; an expired one answers `403` with `"error": "session expired"`.' +
      // Only the embedded provider's tokens name their session, so only they die with it (server/auth/verify-token.ts).
      (oidc.embedded ? ' A token also stops working when its sign-in ends (signing out, a password reset, ending the session from the account page).' : ''),
    '### Choosing the organisation',
    'A person may belong to several suppliers and agencies, so each dashboard request names the one it acts for:',
    `- **Supplier** operations: \`${SUPPLIER_ID_HEADER}: <supplier id>\`. The server checks on every request that the person belongs to that ` +
      'supplier, and is its admin where the operation needs one; a supplier they do not belong to answers `403`, and a record of another supplier `404`.',
    `- **Agency** operations: \`${AGENCY_ID_HEADER}: <agency id>\`, checked the same way against the approved agencies the person belongs to.`,
    '- `GET /api/v1/user` lists the suppliers and agencies the signed-in person can act for.',
    '- **Team** operations need no organisation header, but a token from a sign-in with a second factor (otherwise `403` `second factor required`).',
    '### Errors',
    'Every error answers with one shape (the `Error` schema): `{ "error": "<short code>", "message": "<text for a person>", "details": … }`. ' +
      '`error` is one of `bad request`, `unauthorized`, `session expired`, `forbidden`, `second factor required`, `not found`, `conflict`, ' +
      '`gone`, `payload too large`, `unsupported media type`, `too many requests`, `internal error` and `service unavailable`. ' +
      '`details` is there when there is more to say: for a `400`, the failing fields as `[{ "field": "body.name", "message": "…" }]`.',
    'Every answer carries an `X-Request-Id` header: quote it when you ask the marketplace team about a request.',
  ].join('\n\n');
}

function hooksOf(route: RouteOptions): unknown[] {
  return [route.preValidation ?? [], route.preHandler ?? [], route.onRequest ?? []].flat();
}

/** The area a route belongs to: one it names among its tags, else what its address and guards say. */
export function apiAreaOf(app: App, route: RouteOptions, tags: readonly string[] = []): ApiArea {
  // 'open-data' names the Open data area as well as 'Open data' does.
  const normalised = tags.map((tag) => tag.toLowerCase().replace(/-/g, ' '));
  const named = AREAS.find((area) => normalised.includes(area.toLowerCase()));
  if (named) {
    return named;
  }
  const hooks = hooksOf(route);
  const runs = (...guards: unknown[]) => guards.some((guard) => hooks.includes(guard));
  if (route.url.startsWith(`${API_PREFIX}/admin/`) || runs(app.requireTeamMember, app.requireTeamAdmin)) {
    return ApiArea.Team;
  }
  if (runs(app.requireAgency, app.requireAgencyAdmin)) {
    return ApiArea.Agency;
  }
  if (runs(app.requireSupplier, app.requireSupplierAdmin)) {
    return ApiArea.Supplier;
  }
  if (runs(app.authenticate)) {
    return ApiArea.Account;
  }
  return route.url.startsWith(`${API_PREFIX}/open-data`) ? ApiArea.OpenData : ApiArea.Public;
}

interface HeaderParameter {
  name: string;
  description: string;
  pattern?: string;
}

function headerParametersOf(app: App, route: RouteOptions, area: ApiArea): HeaderParameter[] {
  if (area === ApiArea.Supplier) {
    return [{ name: SUPPLIER_ID_HEADER, description: 'The id of the supplier the request acts for; the person must belong to it.', pattern: ORGANISATION_ID_PATTERN }];
  }
  if (area === ApiArea.Agency) {
    return [{ name: AGENCY_ID_HEADER, description: 'The id of the approved agency the request acts for; the person must belong to it.', pattern: ORGANISATION_ID_PATTERN }];
  }
  if (hooksOf(route).includes(app.requirePublicFormToken)) {
    return [{ name: SECURITY_TOKEN_HEADER, description: "The security token of the form's page (`data-security-token` on its body)." }];
  }
  return [];
}

interface ObjectSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The route's header schema with the area's headers added (documentation only: validation keeps the route's own). */
function withHeaders(headers: unknown, added: HeaderParameter[]): ObjectSchema {
  const own = (headers ?? {}) as ObjectSchema;
  return {
    ...own,
    type: 'object',
    properties: {
      ...own.properties,
      ...Object.fromEntries(added.map(({ name, description, pattern }) => [name, { type: 'string', description, ...(pattern ? { pattern } : {}) }])),
    },
    required: [...(own.required ?? []), ...added.map(({ name }) => name)],
  };
}

/** Each error answer that is the one error shape gets a description of when it happens. */
function describeErrors(response: unknown): unknown {
  if (typeof response !== 'object' || response === null) {
    return response;
  }
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const description = ERROR_DESCRIPTIONS[Number(status)];
      return [status, schema === ErrorResponseSchema && description ? { ...ErrorResponseSchema, description } : schema];
    }),
  );
}

/** The one error shape, as the document's `Error` schema (TypeBox's own keys are not enumerable, so the copy is plain JSON Schema). */
const errorSchema = { ...ErrorResponseSchema, description: 'The one shape of every error answer.' } as unknown as OpenAPIV3.SchemaObject;

type DocumentedSchema = FastifySchema & { tags?: string[]; security?: Record<string, string[]>[]; hide?: boolean };

/** @fastify/swagger's options: the document's info, tags, security scheme and error schema, and the per-route transform. */
export function openapiOptions(app: App): FastifyDynamicSwaggerOptions {
  const transform: SwaggerTransform = ({ schema, url, route }) => {
    const own = (schema as DocumentedSchema | undefined) ?? {};
    if (own.hide || !url.startsWith(`${API_PREFIX}/`)) {
      return { schema: own, url };
    }
    const area = apiAreaOf(app, route, own.tags);
    const headers = headerParametersOf(app, route, area);
    const isSignedIn = area === ApiArea.Account || area === ApiArea.Supplier || area === ApiArea.Agency || area === ApiArea.Team;
    const documented: DocumentedSchema = {
      ...own,
      tags: [area],
      ...(isSignedIn ? { security: [{ [BEARER_SCHEME]: [] }] } : {}),
      ...(headers.length > 0 ? { headers: withHeaders(own.headers, headers) } : {}),
      ...(own.response === undefined ? {} : { response: describeErrors(own.response) }),
    };
    return { schema: documented, url };
  };

  return {
    openapi: {
      info: { title: `${app.config.productName} portal API`, version: '1', description: apiDescription(app) },
      tags: AREAS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: `An access token (a JWT) from the portal's OpenID Connect identity provider, \`${app.config.oidc.issuer}\`, for the audience \`${app.config.oidc.audience}\`.`,
          },
        },
        schemas: { Error: errorSchema },
      },
    },
    transform,
  };
}
