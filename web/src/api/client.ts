// The one way the web talks to the server. accounts §7: GET with credentials; any non-OK
// response becomes an error whose message is "{status}: {response text or status text}".
import { ApiError } from './errors';

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
