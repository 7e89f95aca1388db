/**
 * The public forms' security token (spec §3, §7): the server puts it on the body of a public form
 * page; every public form call sends it back in X-SECURITY-TOKEN, with the session cookie the
 * browser sends by itself. Pass `securityTokenHeaders()` as the API client's `headers`.
 */
import { SECURITY_TOKEN_DATASET_KEY, SECURITY_TOKEN_HEADER } from '../../common/public-form';

/** The page's security token, or undefined on a page that has none. */
export function readSecurityToken(body: HTMLElement | null = document.body): string | undefined {
  const token = body?.dataset[SECURITY_TOKEN_DATASET_KEY]?.trim();
  return token === undefined || token === '' ? undefined : token;
}

/** `{ 'X-SECURITY-TOKEN': token }`, or no header when the page has no token (spec §7: sent only if present). */
export function securityTokenHeaders(body: HTMLElement | null = document.body): Record<string, string> {
  const token = readSecurityToken(body);
  return token === undefined ? {} : { [SECURITY_TOKEN_HEADER]: token };
}
