/**
 * The public forms' security token (spec §3 and §7): the server puts it on the page's body as
 * `data-security-token`; the apps send it back in the `X-SECURITY-TOKEN` header on every public
 * form call (server/http/public-form-token.ts checks it, app/lib/security-token.ts sends it).
 */

/** Request header carrying the token. */
export const SECURITY_TOKEN_HEADER = 'X-SECURITY-TOKEN';

/** Body data attribute holding the token, as the layout writes it (`data-…`). */
export const SECURITY_TOKEN_ATTRIBUTE = 'security-token';

/** The same attribute as `document.body.dataset` names it. */
export const SECURITY_TOKEN_DATASET_KEY = 'securityToken';
