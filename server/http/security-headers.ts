// The security headers of every answer (DESIGN "Security and durability"): helmet's, with a
// Content-Security-Policy that lets media come from the bucket when S3 serves it.
// helmet's middleware is built once here; @fastify/helmet, used before, built it again on
// every request, re-reading every directive each time (a twentieth of a short API call).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** The origins media bytes come from besides our own (app.ts storageOrigins). */
  mediaOrigins: string[];
  /** Strict-Transport-Security, only when the app is reached over https. */
  strictTransportSecurity: boolean;
}

export function registerSecurityHeaders(app: FastifyInstance, { mediaOrigins, strictTransportSecurity }: SecurityHeaderOptions): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets element styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        connectSrc: ["'self'", ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity,
  });
  // On the raw response, as @fastify/helmet did: Fastify sends these with its own headers.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}
