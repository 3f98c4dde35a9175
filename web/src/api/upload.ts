// Uploads with progress (memories §7): fetch cannot report upload progress, so these go
// through XMLHttpRequest, with a timeout and retries after 2 s × the attempt number.
import { messages } from '../../../common/messages';
import { UPLOAD_DEFAULT_RETRIES, UPLOAD_RETRY_DELAY_MS } from '../../../common/limits';
import { serverMessageOf, UploadError } from './errors';

// Where every sender of a recording finds its name (the storyteller's page takes it from common/ directly).
export { recordingFileName } from '../../../common/audio-rules';

export interface UploadOptions {
  url: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  body: Blob | FormData;
  headers?: Record<string, string>;
  /** Cookies to another origin; same-origin requests carry them anyway. */
  withCredentials?: boolean;
  timeoutMs?: number;
  /** Further attempts after the first (memories §9: the generic helper retries twice). */
  retries?: number;
  /** Percent of the body sent, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Which answers count as success; any 2xx by default. */
  isSuccess?: (status: number) => boolean;
}

/** memories §8: what each refusal status reads as. */
export function httpUploadError(status: number, responseText: string): UploadError {
  const server = serverMessageOf(responseText);
  if (status === 413) return new UploadError(messages.uploadTooLarge, status, 'http', responseText, messages.uploadTooLargeAdvice);
  if (status === 400) return new UploadError(server ?? messages.uploadInvalidRequest, status, 'http', responseText);
  if (status === 0) return new UploadError(messages.uploadNetworkError, status, 'network', responseText, messages.uploadNetworkErrorAdvice);
  if (status >= 500) return new UploadError(messages.uploadServerError, status, 'http', responseText, messages.uploadServerErrorAdvice);
  return new UploadError(messages.uploadFailed, status, 'http', responseText);
}

/**
 * memories §5: no retry on a file-size error: a 413, a server message about size, or a
 * timeout, which the spec's own words read as 'file may be too large for this connection'
 * (and a second try would hold the person another five minutes). Nor after an abort, nor on
 * other refusals of the request itself (4xx but 408 and 429), which would only be refused again.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof UploadError)) return false;
  if (error.failure === 'abort' || error.failure === 'timeout' || error.status === 413) return false;
  if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  return !/too large|file size|size limit|exceeds/i.test(serverMessageOf(error.responseText) ?? '');
}

/** One attempt. Resolves with the response text of a successful answer. */
export function sendOnce(options: UploadOptions): Promise<{ status: number; responseText: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', options.url);
    xhr.withCredentials = options.withCredentials ?? false;
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const onAbortSignal = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbortSignal);

    xhr.onload = () => {
      settle();
      const ok = options.isSuccess ? options.isSuccess(xhr.status) : xhr.status >= 200 && xhr.status < 300;
      if (ok) {
        options.onProgress?.(100);
        resolve({ status: xhr.status, responseText: xhr.responseText });
      } else {
        reject(httpUploadError(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError(messages.uploadNetworkFailure, 0, 'network'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadError(messages.uploadTimeout, 0, 'timeout'));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadError(messages.uploadAborted, 0, 'abort'));
    };
    if (options.signal?.aborted) {
      xhr.abort();
      return;
    }
    xhr.send(options.body);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends with retries; reads the answer as JSON when it is JSON. */
export async function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  const retries = options.retries ?? UPLOAD_DEFAULT_RETRIES;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { responseText } = await sendOnce(options);
      if (!responseText) return undefined as T;
      try {
        return JSON.parse(responseText) as T;
      } catch {
        return responseText as T;
      }
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      // memories §7: the delay grows with the attempt: 2 s, then 4 s.
      await wait(UPLOAD_RETRY_DELAY_MS * (attempt + 1));
      options.onProgress?.(0);
    }
  }
}
