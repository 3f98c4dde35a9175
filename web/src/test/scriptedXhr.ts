// A scripted stand-in for XMLHttpRequest (memory saves and direct uploads use it, for upload
// progress): every request made is kept, and each is answered by the next in a queue a test
// sets, or by 200 '{}' when the queue is empty.
import { vi } from 'vitest';

export type XhrAnswer = { status: number; body?: string } | 'network' | 'timeout' | 'abort';

/** Every request made since the last install, oldest first. */
export const sentXhrs: ScriptedXhr[] = [];
const answers: XhrAnswer[] = [];

/** How the next requests are answered, in order (replacing what was left of the queue). */
export function scriptXhrAnswers(...next: XhrAnswer[]) {
  answers.splice(0, answers.length, ...next);
}

/** Stands the fake in for XMLHttpRequest with nothing sent and nothing queued (vi.unstubAllGlobals undoes it). */
export function installScriptedXhr() {
  sentXhrs.length = 0;
  answers.length = 0;
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
}

export class ScriptedXhr {
  method = '';
  url = '';
  timeout = 0;
  withCredentials = false;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    sentXhrs.push(this);
    const answer = answers.shift() ?? { status: 200, body: '{}' };
    queueMicrotask(() => {
      // A cut-off answer reaches the page as a network error, whatever the server did.
      if (answer === 'network') return this.onerror?.();
      if (answer === 'timeout') return this.ontimeout?.();
      if (answer === 'abort') return this.onabort?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = answer.status;
      this.responseText = answer.body ?? '';
      this.onload?.();
    });
  }
}
