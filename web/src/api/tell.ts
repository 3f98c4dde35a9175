// The storyteller's link calls (issue 23; DESIGN "Storytellers (no account)"): the link is the
// only credential, so its reads go with no cookie, even from a family member's own browser
// where a session exists. Kept apart from endpoints.ts, client.ts and upload.ts, which bring
// the app's API and its whole catalogue of messages: the storyteller's page shows its own
// words, and needs only each refusal's status.
import type { FollowUpBody } from '../../../common/prompts';
import type { TellPage } from '../../../common/storytellers';
import { OutboxSendError, postForm } from '../lib/outbox/send';

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

/**
 * Where her story goes: the address the direct send and the outbox (issue 26) both post to. The
 * outbox keeps it, token and all, while the story waits, since it is sent with no page open
 * (the service worker's Background Sync); it is forgotten with the story once sent.
 */
export const tellStoryUrl = (token: string) => `${tellPath(token)}/memories`;

export const tellApi = {
  /** Everything the link may read; a GET that changes nothing, as e-mail scanners open links. */
  page: (token: string) => call<TellPage>('GET', tellPath(token)),
  followUp: (token: string, body: FollowUpBody) => call<{ question: string }>('POST', `${tellPath(token)}/follow-up`, body),
  /**
   * The story as one multipart form, with the draft's Idempotency-Key: a resend after a lost
   * answer makes one story. The outbox's own request (XHR, for the progress an old phone on a
   * slow line needs to see), so a story sent now and one sent later from the outbox are the same
   * request. XHR cannot leave a same-origin cookie behind, but the link's routes read no session.
   */
  async sendStory(token: string, form: FormData, idempotencyKey: string, onProgress: (percent: number) => void = () => {}): Promise<{ id: string }> {
    let answer: string;
    try {
      answer = await postForm(tellStoryUrl(token), form, idempotencyKey, onProgress);
    } catch (error) {
      throw new TellCallError(error instanceof OutboxSendError ? error.status : 0);
    }
    return JSON.parse(answer) as { id: string };
  },
};
