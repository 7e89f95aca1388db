/**
 * GET /metrics for a metrics collector, never for the public: served only when METRICS_TOKEN or
 * METRICS_ALLOW_FROM is set, and then only to a request with the token or from an allowed address.
 * Then, and only then, each request's time is recorded too, by its route's pattern, and each
 * database statement's: with nobody to read them they would cost every request for nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList } from 'node:net';
import type { App } from '../app-type';
import type { MetricsConfig } from '../config';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether a request may read the metrics: the bearer token, or an allowed address. */
function metricsReader(config: MetricsConfig): (request: { ip: string; headers: Record<string, unknown> }) => boolean {
  const allowed = new BlockList();
  for (const entry of config.allowFrom) {
    if (entry.prefix === undefined) {
      allowed.addAddress(entry.address, entry.family);
    } else {
      allowed.addSubnet(entry.address, entry.prefix, entry.family);
    }
  }
  const expected = config.token === undefined ? undefined : digest(config.token);
  return (request) => {
    const authorization = request.headers.authorization;
    if (expected !== undefined && typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
      // Compared as digests of one length, in constant time.
      if (timingSafeEqual(digest(authorization.slice('Bearer '.length)), expected)) {
        return true;
      }
    }
    const address = request.ip.replace(/^::ffff:(?=\d+\.)/, '');
    return allowed.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  };
}

export async function registerMetrics(app: App): Promise<void> {
  const { metrics: config } = app.config;
  if (config.token === undefined && config.allowFrom.length === 0) {
    return;
  }
  app.addHook('onResponse', async (request, reply) => {
    app.metrics.observeRequest({ method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 });
  });
  const stopWatchingStatements = app.database.onStatement((figure) => app.metrics.observeStatement(figure));
  app.addHook('onClose', async () => {
    stopWatchingStatements();
  });
  const mayRead = metricsReader(config);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('The metrics need the collector\'s token, or a request from an address METRICS_ALLOW_FROM allows.\n');
    }
    return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(await app.metrics.expose());
  });
}
