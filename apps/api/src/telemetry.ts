import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Config } from './config.js';

/**
 * OpenTelemetry traces of HTTP requests in, SQL on PostgreSQL and Redis commands, sent over OTLP/HTTP
 * to the collector named by OTEL_EXPORTER_OTLP_ENDPOINT. server.ts loads this module only when that is
 * set, before the app and its libraries: their hooks must be in place first, and without an exporter
 * nothing of OpenTelemetry is loaded at all. (PGlite runs in the process: its statements show as part
 * of the request's span, not as SQL spans.) The usual OTEL_* variables (sampling, batch delay, headers)
 * are read by the SDK itself.
 */
export function startTracing(config: Config): { shutdown(): Promise<void> } {
  // ESM imports of pg and ioredis pass through import-in-the-middle; the rest (node:http under
  // Fastify) is required and patched the CommonJS way.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['pg', 'ioredis'] },
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesEndpoint }))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes would drown the traces that matter.
        ignoreIncomingRequestHook: (request) => Boolean(request.url?.startsWith('/api/health')),
      }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}
