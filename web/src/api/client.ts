// The one way the web talks to the server. accounts §7: GET with credentials; any non-OK
// response becomes an error whose message is "{status}: {response text or status text}".
import { messages } from '../../../common/messages';
// The rules file, not pages.ts: that one is zod, which the first screen must not load.
import { NEXT_CURSOR_HEADER } from '../../../common/pages-rules';
import { ApiError, OfflineError } from './errors';

/** One page of a list that stays a plain JSON array (common/pages.ts); nextCursor is null on the last. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** `signal` ends the request early (issue 22: the wizard's 'Save without waiting' stops waiting for words). */
export async function request<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}, signal?: AbortSignal): Promise<T> {
  const response = await send(method, path, body, extraHeaders, signal);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** GET one page of a plain-array list; the next page's cursor comes in a header, the body stays the array. */
export async function requestPage<T>(path: string): Promise<ListPage<T>> {
  const response = await send('GET', path);
  return { items: (await response.json()) as T[], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The fetch behind every call: an OK response, else the refusal or the offline words thrown. */
async function send(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }), ...extraHeaders },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // Issue 26 "Offline": with no connection, a read this device never kept (the service worker
    // answers the ones it did) or a change, said in words rather than "Failed to fetch".
    if (error instanceof TypeError && !navigator.onLine) throw new OfflineError(method === 'GET' ? messages.offlineNotAvailable : messages.offlineNotDone);
    throw error;
  }
  if (!response.ok) throw await refusalOf(response);
  return response;
}

/** The error of a non-OK answer, worded as accounts §7 says; downloads (api/download.ts) refuse alike. */
export async function refusalOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const prefix = response.status >= 300 && response.status < 400 ? `Redirect ${response.status}` : String(response.status);
  return new ApiError(response.status, text, `${prefix}: ${text || response.statusText}`);
}
