// Refusals as the API speaks them: a status and `{ message }` (DESIGN "API").
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../common/messages.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields some refusals carry, e.g. the family merge conflict (accounts §3). */
    readonly body: Record<string, unknown> = {},
    /** Headers the refusal carries, e.g. Retry-After on a 429 (ai-limits). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = messages.signedOut) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
/** DESIGN "Edge decisions": 404, never 403, when the caller may not see the object at all. */
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string, body?: Record<string, unknown>) => new HttpError(409, message, body);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ ...error.body, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: describeValidation(error.validation[0]!, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: messages.unexpected });
    }
    // Fastify's own 4xx (malformed JSON, body too large, rate limit): its message is already in words.
    return reply.status(status).send({ message: error.message });
  });
}

interface ValidationIssue {
  /** The zod issue code. */
  keyword: string;
  instancePath: string;
  message?: string;
  params: { issue?: { code?: string; message?: string } };
}

/** The first problem in words. Zod's generic texts get the field's name in front of them. */
function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  const text = issue.message ?? 'Invalid request';
  if (!/^Invalid input|^Unrecognized key/.test(text)) return text;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  // No body at all (or not an object): say so, rather than "expected object, received null".
  if (!field && context === 'body' && issue.keyword === 'invalid_type') return messages.bodyNotObject;
  return field ? `${field}: ${text}` : text;
}
