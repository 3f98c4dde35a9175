// Archives over a real socket (issue 10: both "stop cleanly when the client goes away"): a
// client that leaves mid-archive closes every file the download had open and leaves the
// server healthy; a store that fails mid-file cuts the download short rather than sending a
// whole-looking archive with a hole.
import { randomUUID } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { iso } from '../context.js';
import { localMediaRoot, newMediaKey, type MediaStore } from '../providers/storage/index.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { unzip } from './test-support.js';

/** Far more than the socket buffers on both sides hold, so the server is mid-file when the client leaves. */
const VIDEO_BYTES = 48 * 1024 * 1024;

describe.each(dialects)('archives over a real socket on %s', (dialect) => {
  let t: TestApp;
  let origin: string;
  let owner: MadeUser;
  let single: { id: string; key: string };
  const troubles: unknown[] = [];
  const record = (error: unknown) => troubles.push(error);

  /** A memory of March 2024 holding one big video, written straight into the store. */
  async function memoryWithVideo(timelineId: string, title: string): Promise<{ id: string; key: string }> {
    const memory = await makeMemory(t.ctx, owner.user, { title, timelineIds: [timelineId] });
    const key = newMediaKey('videos', 'mp4');
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const { size } = await t.ctx.media.put(key, Readable.from(Array.from({ length: VIDEO_BYTES / chunk.length }, () => chunk)), { contentType: 'video/mp4' });
    await t.ctx.db
      .insertInto('media')
      .values({ id: randomUUID(), memory_id: memory.id, owner_id: owner.user.id, kind: 'video', storage_key: key, mime_type: 'video/mp4', size, width: null, height: null, duration: null, position: 0, created_at: iso(t.ctx.now()) })
      .execute();
    await t.ctx.db.updateTable('memories').set({ created_at: '2024-03-10T10:00:00.000Z' }).where('id', '=', memory.id).execute();
    return { id: memory.id, key };
  }

  beforeAll(async () => {
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    t = await makeTestApp(dialect);
    owner = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, owner.user);
    single = await memoryWithVideo(timeline.id, 'Big video');
    await memoryWithVideo(timeline.id, 'Another big video');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = address;
  });
  afterEach(() => {
    expect(troubles).toEqual([]);
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
    await t.close();
  });

  /** This process's open files inside the media folder. */
  const openMediaFiles = () => {
    const root = localMediaRoot(t.ctx.config);
    return readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((path) => path.startsWith(root));
  };

  const request = (path: string) =>
    new Promise<{ response: IncomingMessage; destroy: () => void }>((resolve, reject) => {
      const outgoing = httpGet(`${origin}${path}`, { headers: { cookie: owner.cookie } }, (response) => resolve({ response, destroy: () => outgoing.destroy() }));
      outgoing.on('error', reject);
    });

  /** Reads `bytes` of the answer, then drops the connection as a closed browser tab does. */
  async function leaveAfter(path: string, bytes: number): Promise<void> {
    const { response, destroy } = await request(path);
    expect(response.statusCode).toBe(200);
    let received = 0;
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bytes) {
          response.removeAllListeners('data');
          response.pause();
          resolve();
        }
      });
    });
    // The server is mid-file: it holds the video open while the client stops reading.
    await vi.waitFor(() => expect(openMediaFiles()).not.toEqual([]));
    response.on('error', () => undefined);
    destroy();
  }

  const expectHealthy = async () => {
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const whole = await fetch(`${origin}/api/memories/${single.id}/export`, { headers: { cookie: owner.cookie } });
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(Number(whole.headers.get('content-length')));
    const entries = await unzip(bytes);
    expect(entries.map((entry) => [entry.name, entry.bytes.length, entry.crcMatches])).toEqual([
      ['metadata.json', expect.any(Number), true],
      ['memory_content.txt', expect.any(Number), true],
      ['media/videos/video_1.mp4', VIDEO_BYTES, true],
    ]);
  };

  it('closes the files of a single export when the client leaves mid-archive, and answers the next requests', async () => {
    await leaveAfter(`/api/memories/${single.id}/export`, 1024 * 1024);
    await vi.waitFor(() => expect(openMediaFiles()).toEqual([]), { timeout: 5_000 });
    await expectHealthy();
    expect(openMediaFiles()).toEqual([]);
  });

  it('closes the files of a month archive when the client leaves mid-archive, and answers the next requests', async () => {
    await leaveAfter('/api/bulk-download/archive?month=2024-03', 1024 * 1024);
    await vi.waitFor(() => expect(openMediaFiles()).toEqual([]), { timeout: 5_000 });
    await expectHealthy();
  });

  describe('when storage fails after the archive began', () => {
    let store: MediaStore;
    beforeAll(() => {
      store = t.ctx.media;
    });
    afterEach(() => {
      t.ctx.media = store;
    });

    /** The real store, except that the big video's bytes come from `body` (or not at all). */
    const failingOn = (key: string, body: () => Readable | null): MediaStore =>
      Object.assign(Object.create(store) as MediaStore, {
        get: async (asked: string) => {
          if (asked !== key) return store.get(asked);
          const stream = body();
          return stream && { body: stream, size: VIDEO_BYTES, range: null };
        },
      });

    /**
     * The answer as the client sees it: whether it came whole. A download cut short either
     * never gets its headers (the failure came first) or gets fewer bytes than declared.
     */
    const readAll = (path: string) =>
      new Promise<{ whole: boolean; status?: number; declared?: number; received?: number }>((resolve) => {
        const outgoing = httpGet(`${origin}${path}`, { headers: { cookie: owner.cookie } }, (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => (received += chunk.length));
          response.on('error', () => undefined);
          response.once('close', () => {
            const declared = Number(response.headers['content-length']);
            resolve({ whole: response.complete && received === declared, status: response.statusCode, declared, received });
          });
        });
        outgoing.on('error', () => resolve({ whole: false }));
      });

    it('cuts the download short when the file fails mid-way: fewer bytes than Content-Length, the connection closed', async () => {
      t.ctx.media = failingOn(single.key, () =>
        Readable.from(
          (async function* () {
            yield Buffer.alloc(1024 * 1024, 1);
            throw new Error('The bucket went away');
          })(),
        ),
      );
      const answer = await readAll(`/api/memories/${single.id}/export`);
      // A megabyte of the video went out before the failure: the headers did too.
      expect(answer).toEqual({ whole: false, status: 200, declared: expect.any(Number), received: expect.any(Number) });
      expect(answer.received).toBeGreaterThan(1024 * 1024);
      expect(answer.received).toBeLessThan(answer.declared!);
      t.ctx.media = store;
      await expectHealthy();
    });

    it('cuts the download short when the file is deleted after the archive was planned', async () => {
      t.ctx.media = failingOn(single.key, () => null);
      expect((await readAll(`/api/memories/${single.id}/export`)).whole).toBe(false);
      t.ctx.media = store;
      await expectHealthy();
    });
  });
});
