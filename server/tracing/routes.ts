/** A span for every request while tracing is on (server/tracing/tracing.ts); no hook at all otherwise. */
import type { Span } from '@opentelemetry/api';
import type { App } from '../app-type';
import { endRequestSpan, isTracing, startRequestSpan } from './tracing';

export function registerRequestTracing(app: App): void {
  if (!isTracing()) {
    return;
  }
  const spans = new WeakMap<object, Span>();
  // Callback style: the rest of the request runs from `done`, inside the span's context.
  app.addHook('onRequest', (request, _reply, done) => {
    spans.set(request, startRequestSpan(request.method, done));
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (span) {
      endRequestSpan(span, request.method, request.routeOptions.url, reply.statusCode);
    }
  });
}
