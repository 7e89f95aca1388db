/** What a request looks like in the logs. */
import type { FastifyRequest } from 'fastify';

/** Query parameters that must not reach the logs: codes and tokens grant access, ID tokens carry personal data. */
const SECRET_QUERY_PARAMETERS = ['id_token_hint', 'code', 'code_verifier', 'refresh_token', 'login_hint', 'logout_hint'];

/** Fastify's request log fields, with secrets blanked out of the URL (sign-in redirects carry them). */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  const url = new URL(request.url, 'http://placeholder');
  for (const name of SECRET_QUERY_PARAMETERS) {
    if (url.searchParams.has(name)) {
      url.searchParams.set(name, 'redacted');
    }
  }
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
