// @vitest-environment jsdom
// memories §7: an archive arrives with the person's cookies, its bytes counted against
// Content-Length for the progress bar, and is saved under the name the server gave it
// (RFC 6266 / 5987, so a UTF-8 title survives); a refusal is an ApiError and saves nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fileNameOf } from './download';
import { ApiError } from './errors';

const encoder = new TextEncoder();

interface Saved {
  href: string;
  download: string;
  blob: Blob;
}

let saved: Saved[];
let objectUrls: Map<string, Blob>;
let revoked: string[];

/** A body delivered in the given pieces, as a network would. */
function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

function answer(body: BodyInit | null, init: ResponseInit & { headers?: Record<string, string> }) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(body, init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  saved = [];
  objectUrls = new Map();
  revoked = [];
  let next = 0;
  // jsdom has no object URLs: these stand in, remembering what each one holds.
  URL.createObjectURL = (blob: Blob) => {
    const href = `blob:heirloom/${(next += 1)}`;
    objectUrls.set(href, blob);
    return href;
  };
  URL.revokeObjectURL = (href: string) => {
    revoked.push(href);
  };
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href')!, download: this.download, blob: objectUrls.get(this.getAttribute('href')!)! });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('fetches with credentials, saves the whole body under filename* and reports whole percents up to 100', async () => {
    const fetch = answer(streamOf(['abcd', 'efgh', 'ij']), {
      headers: {
        'content-type': 'application/zip',
        'content-length': '10',
        'content-disposition': `attachment; filename="memory_1_caf_.zip"; filename*=UTF-8''memory_1_caf%C3%A9_%F0%9F%8E%82.zip`,
      },
    });
    const progress: (number | null)[] = [];
    const file = await downloadFile('/api/memories/1/export?tz=UTC', { onProgress: (percent) => progress.push(percent) });

    expect(fetch).toHaveBeenCalledWith('/api/memories/1/export?tz=UTC', expect.objectContaining({ credentials: 'include' }));
    expect(progress).toEqual([0, 40, 80, 100]);
    expect(file).toEqual({ fileName: 'memory_1_café_🎂.zip', size: 10 });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.download).toBe('memory_1_café_🎂.zip');
    expect(await saved[0]!.blob.text()).toBe('abcdefghij');
    expect(saved[0]!.blob.type).toBe('application/zip');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('releases the object URL after the save, not before', async () => {
    vi.useFakeTimers();
    answer(streamOf(['zip']), { headers: { 'content-disposition': 'attachment; filename="a.zip"' } });
    await downloadFile('/archive');
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(revoked).toEqual([saved[0]!.href]);
  });

  it('reports an unknown size as null, then 100 when the body is complete', async () => {
    answer(streamOf(['one ', 'two']), { headers: { 'content-disposition': 'attachment; filename=family_memories_2024_03_March_2024.zip' } });
    const progress: (number | null)[] = [];
    const file = await downloadFile('/month', { onProgress: (percent) => progress.push(percent) });
    expect(progress).toEqual([null, 100]);
    expect(file.fileName).toBe('family_memories_2024_03_March_2024.zip');
    expect(await saved[0]!.blob.text()).toBe('one two');
  });

  it("throws the ApiError of a refusal, worded as request's, and saves nothing", async () => {
    answer(JSON.stringify({ message: 'There are no memories to download in this month' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
    const failure = await downloadFile('/api/bulk-download/archive?month=2024-03').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).message).toBe('404: {"message":"There are no memories to download in this month"}');
    expect(saved).toEqual([]);
  });

  it('stops when its signal aborts mid-body, and saves nothing', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          new Response(
            new ReadableStream({
              start(stream) {
                stream.enqueue(encoder.encode('half'));
                init?.signal?.addEventListener('abort', () => stream.error(new DOMException('The operation was aborted.', 'AbortError')));
              },
            }),
            { headers: { 'content-length': '8' } },
          ),
        ),
      ),
    );
    const progress: (number | null)[] = [];
    const pending = downloadFile('/big', { signal: controller.signal, onProgress: (percent) => progress.push(percent) });
    await vi.waitFor(() => expect(progress).toContain(50));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(saved).toEqual([]);
  });
});

describe('fileNameOf (RFC 6266, RFC 5987)', () => {
  it.each([
    ['filename* wins over filename', `attachment; filename="fallback.zip"; filename*=UTF-8''%E6%80%9D%E3%81%84%E5%87%BA.zip`, '思い出.zip'],
    ['filename* first in the header', `attachment; filename*=utf-8'en'r%C3%A9sum%C3%A9.zip; filename="resume.zip"`, 'résumé.zip'],
    ['ISO-8859-1 extended value', `attachment; filename*=ISO-8859-1''na%EFve.zip`, 'naïve.zip'],
    ['a malformed escape falls back to filename', `attachment; filename*=UTF-8''bad%E0%A4.zip; filename="good.zip"`, 'good.zip'],
    ['an unknown charset falls back to filename', `attachment; filename*=KOI8-R''x.zip; filename=plain.zip`, 'plain.zip'],
    ['quoted with escapes', 'attachment; filename="say \\"hi\\"; now.zip"', 'say "hi"; now.zip'],
    ['a token', 'attachment; filename=family_memories.zip', 'family_memories.zip'],
    ['never a path', 'attachment; filename="../../etc/passwd"', 'passwd'],
    ['never a Windows path', `attachment; filename*=UTF-8''..%5C..%5Cboot.ini`, 'boot.ini'],
  ])('%s', (_case, header, expected) => {
    expect(fileNameOf(header)).toBe(expected);
  });

  it.each([[null], ['attachment'], ['attachment; filename=""'], ['inline; name="x"']])('no name in %j', (header) => {
    expect(fileNameOf(header)).toBeNull();
  });
});
