// The storyteller's link calls (issue 23; DESIGN "Storytellers (no account)"): the link is the
// only credential, so no cookie goes with them, even from a family member's own browser where
// a session exists. Kept apart from endpoints.ts, client.ts and upload.ts, which bring the
// app's API and its whole catalogue of messages: the storyteller's page shows its own words,
// and needs only each refusal's status.
import { MEMORY_POST_TIMEOUT_MS } from '../../../common/limits';
import type { FollowUpBody } from '../../../common/prompts';
import type { TellPage } from '../../../common/storytellers';
import { idempotencyHeaders } from './idempotency';

/** A refused or failed link call: `status` 0 when no answer came (offline, timed out). */
export class TellCallError extends Error {
  constructor(readonly status: number) {
    super(`The link's call failed with ${status || 'no answer'}`);
  }
}

const tellPath = (token: string) => `/api/tell/${encodeURIComponent(token)}`;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'omit',
      cache: 'no-store',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new TellCallError(0);
  }
  if (!response.ok) throw new TellCallError(response.status);
  return (await response.json()) as T;
}

/** XHR rather than fetch for the upload's progress, which an old phone on a slow line needs to see. */
function upload(url: string, form: FormData, headers: Record<string, string>, onProgress?: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = false;
    xhr.timeout = MEMORY_POST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr.responseText) : reject(new TellCallError(xhr.status)));
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new TellCallError(0));
    xhr.send(form);
  });
}

export const tellApi = {
  /** Everything the link may read; a GET that changes nothing, as e-mail scanners open links. */
  page: (token: string) => call<TellPage>('GET', tellPath(token)),
  followUp: (token: string, body: FollowUpBody) => call<{ question: string }>('POST', `${tellPath(token)}/follow-up`, body),
  /** The story as one multipart form, with the draft's Idempotency-Key: a resend after a lost answer makes one story. */
  async sendStory(token: string, form: FormData, idempotencyKey: string, onProgress?: (percent: number) => void): Promise<{ id: string }> {
    return JSON.parse(await upload(`${tellPath(token)}/memories`, form, idempotencyHeaders(idempotencyKey), onProgress)) as { id: string };
  },
};
