// What a person reads when a call fails. Every screen turns errors into words here, so a
// refusal reads the same in a toast, beside a form or in a failed upload.
import { messages } from '../../../common/messages';

/** A refused request (api/client.ts): the status and the server's answer as it came. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    message: string,
  ) {
    super(message);
  }

  /** Extra fields a refusal may carry (e.g. the family merge conflict). */
  get body(): Record<string, unknown> {
    try {
      return JSON.parse(this.responseText) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
}

/** A call that could not be made with no connection (issue 26); its message is the words to show. */
export class OfflineError extends Error {}

export type UploadFailure = 'http' | 'network' | 'timeout' | 'abort';

/** A failed upload (api/upload.ts): `status` is 0 when no answer came (network, timeout, abort). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly failure: UploadFailure,
    readonly responseText = '',
    /** What the person can do about it (memories §8), shown after the message. */
    readonly advice?: string,
  ) {
    super(message);
  }
}

/** The `{message}` of a server's JSON refusal (DESIGN: every 4xx/5xx carries one), or null. */
export function serverMessageOf(responseText: string): string | null {
  try {
    const body = JSON.parse(responseText) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * The words for any failure: the server's own message when it sent one; for an upload, the
 * catalogue's words with what the person can do about it (memories §8); for a refusal with
 * no `{message}` (a proxy's HTML error page, an empty 502), `fallback`, never the raw answer
 * or its status line; otherwise the error's message, or `fallback` when there is none.
 */
export function toUserText(error: unknown, fallback: string = messages.unexpected): string {
  if (error instanceof UploadError) {
    if (error.failure === 'timeout') return messages.uploadTimeout;
    if (error.failure === 'abort') return messages.uploadAborted;
    if (error.failure === 'network') return `${messages.uploadNetworkError}. ${messages.uploadNetworkErrorAdvice}`;
    return error.advice ? `${error.message}. ${error.advice}` : error.message;
  }
  if (error instanceof ApiError) return serverMessageOf(error.responseText) ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
