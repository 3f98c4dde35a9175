// SIGTERM to the real process (DESIGN "Security and durability": in-flight requests finish,
// new ones get 503, no temp file stays), on SQLite and local storage, so it runs everywhere.
// The connections are the test's own sockets: it decides when each byte goes out and sees
// exactly what comes back and who closes.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Memory } from '../common/memories.js';
import { messages } from '../common/messages.js';
import type { PresignedUrl } from '../common/uploads.js';
import { spoolFolderOf } from './media/image-spool.js';
import { formBody } from './media/test-support.js';
import { imageFile, memoryFields } from './memories/test-support.js';
import { filesUnder } from './providers/storage/test-support.js';
import { startInstance, type Instance } from './test/instance.js';
import { folderChanges, until } from './test/until.js';
import { mp4Bytes } from './uploads/test-support.js';

const ORIGIN = 'http://heirloom.test';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One HTTP/1.1 connection read by hand: responses in order, each whole once its
 * Content-Length has arrived. `ended` resolves when the server closes its side.
 */
class RawConnection {
  /** What arrived and is not read yet, joined only when read (a 40 MB body comes in 64 KB chunks). */
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly waiting = new Set<() => void>();
  readonly ended: Promise<void>;
  private hasEnded = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.size += chunk.length;
      this.wake();
    });
    this.ended = new Promise((resolve) =>
      socket.once('end', () => {
        this.hasEnded = true;
        this.wake();
        resolve();
      }),
    );
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('error', reject);
      socket.once('connect', () => resolve(new RawConnection(socket)));
    });
  }

  private get received(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private set received(rest: Buffer) {
    this.chunks = [rest];
    this.size = rest.length;
  }

  private wake() {
    for (const wake of this.waiting) wake();
  }

  private until<T>(take: () => T | null, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(check);
        reject(new Error(`No ${what} within 20 s; received: ${this.received.toString('latin1', 0, 300)}`));
      }, 20_000);
      const check = () => {
        const taken = take();
        if (taken !== null) {
          clearTimeout(timer);
          this.waiting.delete(check);
          resolve(taken);
        } else if (this.hasEnded) {
          clearTimeout(timer);
          this.waiting.delete(check);
          reject(new Error(`The server closed the connection before ${what}: ${this.received.toString('latin1', 0, 300)}`));
        }
      };
      this.waiting.add(check);
      check();
    });
  }

  /** The next response's status and headers, leaving its body to read. */
  head(): Promise<Omit<RawResponse, 'body'>> {
    return this.until(() => {
      const end = this.received.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine, ...lines] = this.received.toString('latin1', 0, end).split('\r\n');
      this.received = this.received.subarray(end + 4);
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      return { status: Number(statusLine!.split(' ')[1]), headers };
    }, 'a response');
  }

  /** The body of the response whose head was just read. */
  body(length: number): Promise<Buffer> {
    return this.until(() => {
      if (this.size < length) return null;
      const body = this.received.subarray(0, length);
      this.received = this.received.subarray(length);
      return body;
    }, `${length} bytes of body`);
  }

  async response(): Promise<RawResponse> {
    const head = await this.head();
    return { ...head, body: await this.body(Number(head.headers['content-length'] ?? 0)) };
  }
}

const request = (method: string, path: string, headers: Record<string, string | number> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: heirloom.test\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/** How a fresh connection fares now: the status it is answered with, or the connection error. */
async function freshConnection(instance: Instance): Promise<number | string> {
  try {
    return (await fetch(`${instance.origin}/healthz`)).status;
  } catch (error) {
    return ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? String(error);
  }
}

describe('SIGTERM to the server process (SQLite, local storage)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-shutdown-'));
  let server: Instance | undefined;
  afterAll(() => {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'finishes the upload and the download in flight, answers 503 to new requests, then refuses connections, leaves no temp file and exits 0',
    { timeout: 60_000 },
    async () => {
      server = await startInstance({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, STORAGE: 'local' });
      let exitedAt: number | null = null;
      const exited = server.exited.then((code) => {
        exitedAt = Date.now();
        return code;
      });
      const json = { 'content-type': 'application/json', origin: ORIGIN };
      const signUp = await fetch(`${server.origin}/api/auth/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'rose@example.org', password: 'a long family secret' }),
      });
      expect(signUp.status).toBe(201);
      const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
      const timeline = await fetch(`${server.origin}/api/timelines`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'Family' }) });
      expect(timeline.status).toBe(201);
      const { id: timelineId } = (await timeline.json()) as { id: string };

      // A video larger than the sockets' buffers, so its download is still under way when
      // the signal comes if the test stops reading.
      const video = Buffer.concat([mp4Bytes(0), randomBytes(40 * 1024 * 1024)]);
      const issued = await fetch(`${server.origin}/api/upload/presigned-url`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ fileName: 'wedding.mp4', mimeType: 'video/mp4' }),
      });
      const upload = (await issued.json()) as PresignedUrl;
      const put = await fetch(`${server.origin}${upload.uploadUrl}`, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) });
      expect(put.status).toBe(204);

      // In flight 1: a download whose headers went out before the signal.
      const download = await RawConnection.open(server.port);
      download.socket.write(request('GET', upload.finalUrl, { cookie }));
      const downloadHead = await download.head();
      expect(downloadHead.status).toBe(200);
      expect(Number(downloadHead.headers['content-length'])).toBe(video.length);
      download.socket.pause();

      // In flight 2: a memory whose photo is half sent, its bytes already in the spool.
      const noise = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
        .png()
        .toBuffer();
      const form = await formBody([...memoryFields({ title: 'In flight when the signal came', timelineIds: [timelineId] }), imageFile(noise)]);
      // issue 19: a photo is written whole to the server's image spool before it is decoded.
      const temp = spoolFolderOf(server.pid);
      const tempFiles = () => (existsSync(temp) ? readdirSync(temp) : []);
      const uploading = await RawConnection.open(server.port);
      uploading.socket.write(request('POST', '/api/memories', { 'content-type': form.headers['content-type']!, 'content-length': form.payload.length, cookie, origin: ORIGIN }));
      const half = form.payload.length - (noise.length >> 1);
      uploading.socket.write(form.payload.subarray(0, half));
      await until(() => tempFiles().length > 0, 'the photo to reach the temp folder', [folderChanges(temp)]);

      // A browser's kept-alive connection, answered once before the signal and idle since.
      const keptAlive = await RawConnection.open(server.port);
      keptAlive.socket.write(request('GET', '/api/auth/user', { cookie }));
      const before = await keptAlive.response();
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe('keep-alive');

      process.kill(server.pid, 'SIGTERM');
      await server.printed(/"msg":"SIGTERM: /);

      // (b) A new request, on the kept-alive connection and on a new one: 503, and the
      // server closes the connection.
      keptAlive.socket.write(request('GET', '/api/auth/user', { cookie }));
      const during = await keptAlive.response();
      expect(during.status).toBe(503);
      expect(JSON.parse(during.body.toString())).toEqual({ message: messages.serverRestarting });
      expect(during.headers.connection).toBe('close');
      await keptAlive.ended;
      expect(await freshConnection(server)).toBe(503);
      // Then the listener goes: a new connection is refused, which a balancer retries elsewhere.
      await server.printed(/"msg":"SIGTERM: the listener is closed/);
      expect(await freshConnection(server)).toBe('ECONNREFUSED');
      expect(exitedAt).toBeNull();

      // (a) The upload completes: 201, and the memory is whole.
      uploading.socket.write(form.payload.subarray(half));
      const created = await uploading.response();
      expect(created.status, created.body.toString()).toBe(201);
      expect(created.headers.connection).toBe('close');
      const memory = JSON.parse(created.body.toString()) as Memory;
      expect(memory.title).toBe('In flight when the signal came');
      expect(memory.images).toHaveLength(1);
      expect(exitedAt).toBeNull();

      // The download completes byte for byte; the client keeps its end open, as a browser
      // does, and the server closes the connection.
      download.socket.resume();
      const downloaded = await download.body(video.length);
      expect(createHash('sha256').update(downloaded).digest('hex')).toBe(createHash('sha256').update(video).digest('hex'));
      const downloadedAt = Date.now();
      await download.ended;

      // (d) Exit code 0, promptly once the last request in flight is done.
      expect(await exited).toBe(0);
      expect(exitedAt! - downloadedAt).toBeLessThan(5_000);

      // (c) No temp file; the acknowledged memory, its photo's three files and the video are stored.
      expect(tempFiles()).toEqual([]);
      const stored = await filesUnder(join(dataDir, 'media'));
      expect(stored.filter((file) => file.startsWith('images/'))).toHaveLength(3);
      expect(stored).toContain(upload.key);
      const database = new SQLite(join(dataDir, 'heirloom.db'), { readonly: true });
      try {
        expect(database.prepare('select id, title from memories').all()).toEqual([{ id: memory.id, title: 'In flight when the signal came' }]);
      } finally {
        database.close();
      }
    },
  );
});
