// The one way the web talks to the server. accounts §7: GET with credentials; any non-OK
// response becomes an error whose message is "{status}: {response text or status text}".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    message: string,
  ) {
    super(message);
  }

  /** The server's `{message}` when it sent one: what a person should read in a toast. */
  get serverMessage(): string {
    try {
      const body = JSON.parse(this.responseText) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON: fall through to the raw text
    }
    return this.responseText || this.message;
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

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const prefix = response.status >= 300 && response.status < 400 ? `Redirect ${response.status}` : String(response.status);
    throw new ApiError(response.status, text, `${prefix}: ${text || response.statusText}`);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** The message to show a person for any error thrown by a request. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}
