/**
 * Headers every answer carries beside helmet's (issue 29, item 8): the browser features the portal
 * never uses are turned off, and HTTPS is made sticky only when the request really came over it.
 */
import type { App } from '../app-type';

/**
 * Browser features turned off for the portal and anything it embeds: no camera, microphone,
 * location, payment, USB and so on. Passkeys (WebAuthn) stay allowed for the portal's own pages.
 * Only features Chromium knows, so no page logs an "unrecognised feature" error.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One year, subdomains included: what the HSTS preload list asks of a site. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Adds Permissions-Policy to every answer, and Strict-Transport-Security to those of requests that
 * came over https: behind a proxy that is what X-Forwarded-Proto says, read only when TRUST_PROXY
 * is set (Fastify's `request.protocol`), so a plain-http request, or a header a client forged
 * without a trusted proxy, never gets it. A browser ignores HSTS on http anyway; sending it
 * there would only mislead.
 */
export function registerSecurityHeaders(app: App): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
  });
}
