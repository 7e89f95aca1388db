/**
 * Traces (issue 34): OpenTelemetry spans for each request (by its route's pattern), each database
 * statement (server/db/statement-watch.ts) and each background job, sent to the collector of OTEL_EXPORTER_OTLP_ENDPOINT (OTLP over
 * HTTP). Without it no tracer provider is registered and every span below is OpenTelemetry's no-op:
 * no span is made, nothing is recorded or sent. A statement's span carries its SQL text, never its
 * parameters (they hold what people typed).
 */
import { SpanKind, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

const TRACER_NAME = 'marketplace-portal';

export interface TracingConfig {
  /** OTLP over HTTP, e.g. `http://collector:4318`; spans go to `<endpoint>/v1/traces`. */
  endpoint: string | undefined;
  serviceName: string;
}

let provider: NodeTracerProvider | undefined;

/** Starts sending spans when an endpoint is set; once per process. Answers whether it did. */
export function startTracing(config: TracingConfig): boolean {
  if (config.endpoint === undefined || provider !== undefined) {
    return provider !== undefined;
  }
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces` }), { scheduledDelayMillis: 500 })],
  });
  // Also installs the context manager that carries a request's span into its statements.
  provider.register();
  return true;
}

/** Sends the spans still buffered and stops (a stopping process). */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}

export function isTracing(): boolean {
  return provider !== undefined;
}

const tracer = () => trace.getTracer(TRACER_NAME);

/** A request's span, from its arrival; `run` goes on inside it, so what the request does is its child. */
export function startRequestSpan(method: string, run: () => void): Span {
  const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } });
  context.with(trace.setSpan(context.active(), span), run);
  return span;
}

/** Names a request's span by its route's pattern, records how it was answered, and ends it. */
export function endRequestSpan(span: Span, method: string, route: string | undefined, statusCode: number): void {
  span.updateName(`${method} ${route ?? 'unmatched'}`);
  span.setAttributes({ 'http.route': route ?? 'unmatched', 'http.response.status_code': statusCode });
  if (statusCode >= 500) {
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Runs `work` inside a span named `name`, recording a failure; the span ends when it settles. */
export async function inSpan<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'failed' });
      throw error;
    } finally {
      span.end();
    }
  });
}
