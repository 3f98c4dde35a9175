// GET /api/download-proxy?url= (DESIGN "download-proxy"; issue 10): this server's own media
// with the access check of /uploads/{key}, streamed from the app's origin on local storage
// and on S3 (s3rver); every other address refused without a connection or a name lookup.
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import dns from 'node:dns';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import { newMediaKey, type MediaFolder } from '../providers/storage/index.js';
import { S3MediaStore } from '../providers/storage/s3.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { mediaKeyOfProxyUrl } from './proxy.js';

const notAllowed = { message: messages.proxyUrlNotAllowed };
const notFound = { message: messages.notFound };

describe('mediaKeyOfProxyUrl and the addresses the S3 driver makes', () => {
  const key = newMediaKey('images', 'webp');
  const publicUrl = new URL('https://memories.example.org');
  const credentials = { accessKeyId: 'id', secretAccessKey: 'secret' };
  it.each([
    ['AWS, addressed by host', { bucket: 'heirloom', region: 'eu-west-3', forcePathStyle: false }],
    ['AWS, path style', { bucket: 'heirloom', region: 'eu-west-3', forcePathStyle: true }],
    ['AWS, a bucket name with dots (path style by necessity)', { bucket: 'family.media', region: 'us-east-1', forcePathStyle: false }],
    ['an S3-compatible host, addressed by host', { bucket: 'heirloom', region: 'auto', forcePathStyle: false, endpoint: 'https://acct.r2.example.com' }],
    ['an endpoint with a port and a path', { bucket: 'heirloom', region: 'us-east-1', forcePathStyle: true, endpoint: 'https://minio.example.org:9000/s3/' }],
    ['an endpoint on an IP address', { bucket: 'heirloom', region: 'us-east-1', forcePathStyle: false, endpoint: 'http://10.0.0.5:9000' }],
    [
      'a bucket browsers reach at another address than the server does',
      { bucket: 'heirloom', region: 'us-east-1', forcePathStyle: true, endpoint: 'http://minio:9000', publicEndpoint: 'https://media.example.org' },
    ],
  ])('reads the key back from a presigned GET on %s, and nothing from another bucket', async (_, s3) => {
    const store = new S3MediaStore({ ...s3, credentials });
    const signed = await store.presignedGetUrl(key, { expiresIn: 60, contentType: 'image/webp', disposition: 'inline' });
    store.close();
    const config = { publicUrl, s3 };
    expect(mediaKeyOfProxyUrl(signed, config)).toBe(key);
    expect(mediaKeyOfProxyUrl(signed.split('?')[0]!, config)).toBe(key);
    expect(mediaKeyOfProxyUrl(signed.replaceAll(s3.bucket, 'other-bucket'), config)).toBeNull();
    // Local storage knows no bucket at all.
    expect(mediaKeyOfProxyUrl(signed, { publicUrl, s3: null })).toBeNull();
  });

  it('reads /uploads/{key} app-relative and under PUBLIC_URL, with or without a query', () => {
    const config = { publicUrl, s3: null };
    expect(mediaKeyOfProxyUrl(`/uploads/${key}`, config)).toBe(key);
    expect(mediaKeyOfProxyUrl(`https://memories.example.org/uploads/${key}?v=2#t=3`, config)).toBe(key);
    expect(mediaKeyOfProxyUrl(`http://memories.example.org/uploads/${key}`, config)).toBeNull();
  });
});

/** Loopback listeners (IPv4, and IPv6 where the machine has it) that count every connection. */
interface Watch {
  port4: number;
  port6: number;
  connections(): number;
  /**
   * Resolves once every connection begun before it has been counted: a marker connection
   * is made to each listener, and a listener accepts in order.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

async function startWatch(): Promise<Watch> {
  /** The client port of every connection accepted, markers included, in order. */
  const accepted: number[] = [];
  const accepting = new EventEmitter();
  let markers = 0;
  const listen = (host: string) =>
    new Promise<{ server: net.Server; host: string; port: number } | null>((resolve) => {
      const server = net.createServer((socket) => {
        accepted.push(socket.remotePort!);
        accepting.emit('accept');
        socket.destroy();
      });
      server.once('error', () => resolve(null));
      server.listen(0, host, () => resolve({ server, host, port: (server.address() as net.AddressInfo).port }));
    });
  const listeners = [await listen('127.0.0.1'), await listen('::1')].filter((listener) => listener !== null);
  // The marker holds its client port until accepted, so no earlier connection can share it.
  const mark = ({ host, port }: { host: string; port: number }) =>
    new Promise<void>((resolve, reject) => {
      const from = accepted.length;
      const socket = net.connect(port, host);
      const seen = () => {
        if (socket.localPort === undefined || !accepting.listeners('accept').includes(seen)) return;
        if (!accepted.slice(from).includes(socket.localPort)) return;
        accepting.off('accept', seen);
        markers += 1;
        resolve();
      };
      accepting.on('accept', seen);
      // Whichever comes last, the client's connect or the listener's accept, finds both.
      socket.once('connect', seen).once('error', reject);
    });
  return {
    port4: listeners[0]!.port,
    port6: (listeners[1] ?? listeners[0]!).port,
    connections: () => accepted.length - markers,
    settle: async () => {
      await Promise.all(listeners.map(mark));
    },
    close: async () => {
      for (const { server } of listeners) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A file in the store and its media row; a memory's when `memoryId` is given, else the owner's own. */
async function storeFile(t: TestApp, owner: MadeUser, folder: MediaFolder, bytes: Buffer, memoryId: string | null = null): Promise<string> {
  const key = newMediaKey(folder, 'webp');
  await t.ctx.media.put(key, Readable.from([bytes]), { contentType: 'image/webp' });
  await t.ctx.db
    .insertInto('media')
    .values({ id: randomUUID(), memory_id: memoryId, owner_id: owner.user.id, kind: 'image', storage_key: key, mime_type: 'image/webp', size: bytes.length, position: 0, created_at: iso(t.ctx.now()) })
    .execute();
  return key;
}

const proxy = (t: TestApp, url: string | undefined, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: url === undefined ? '/api/download-proxy' : `/api/download-proxy?url=${encodeURIComponent(url)}`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });

describe.each(dialects)('GET /api/download-proxy with local storage on %s', (dialect) => {
  const bytes = randomBytes(5000);
  let t: TestApp;
  let watch: Watch;
  let creator: MadeUser, viewer: MadeUser, member: MadeUser, stranger: MadeUser;
  let key: string;
  beforeAll(async () => {
    watch = await startWatch();
    t = await makeTestApp(dialect);
    [creator, viewer, member, stranger] = [await makeUser(t.ctx), await makeUser(t.ctx), await makeUser(t.ctx), await makeUser(t.ctx)];
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [viewer.user, member.user] });
    const memory = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id], sharedWith: [viewer.user] });
    key = await storeFile(t, creator, 'images', bytes, memory.id);
  });
  afterAll(async () => {
    await t.close();
    await watch.close();
  });

  it.each([
    ['app-relative', () => `/uploads/${key}`],
    ['under PUBLIC_URL', () => `${TEST_ORIGIN}/uploads/${key}`],
    ['with a query', () => `${TEST_ORIGIN}/uploads/${key}?v=1`],
  ])('serves the bytes of an own /uploads/ address, %s, to the creator and to whom it is shared with', async (_, address) => {
    for (const who of [creator, viewer]) {
      const response = await proxy(t, address(), who.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers).toMatchObject({ 'content-type': 'image/webp', 'content-length': '5000', 'x-content-type-options': 'nosniff' });
    }
  });

  it('answers Range with exactly those bytes', async () => {
    const response = await proxy(t, `/uploads/${key}`, viewer.cookie, { range: 'bytes=100-199' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 100-199/5000');
    expect(response.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('answers a timeline member it is not shared with and a stranger 404, like /uploads', async () => {
    for (const who of [member, stranger]) {
      const response = await proxy(t, `/uploads/${key}`, who.cookie);
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { cookie: who.cookie } })).statusCode).toBe(404);
    }
    const unknown = await proxy(t, `/uploads/${newMediaKey('images', 'webp')}`, creator.cookie);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
  });

  it('answers the signed out 401, before looking at the address', async () => {
    for (const address of [`/uploads/${key}`, 'http://169.254.169.254/']) {
      const response = await proxy(t, address);
      expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
    }
  });

  it('serves an unattached upload to its uploader only', async () => {
    const upload = await makeDirectUpload(t.ctx, stranger.user, bytes);
    const own = await proxy(t, upload.url, stranger.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(bytes)).toBe(true);
    expect((await proxy(t, upload.url, creator.cookie)).statusCode).toBe(404);
  });

  it.each([
    ['no url', undefined, messages.proxyUrlMissing],
    ['an empty url', '', messages.proxyUrlMissing],
    ['an address with a broken host', 'http://[::1/uploads/x', messages.proxyUrlInvalid],
    ['an address with a space in its host', 'http://heirloom .test/uploads/x', messages.proxyUrlInvalid],
  ])('refuses %s with 400 and says so', async (_, url, message) => {
    const response = await proxy(t, url, creator.cookie);
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
  });

  it('is described at /api/docs with its url parameter', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.paths['/api/download-proxy'].get.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'url', required: true })]);
  });

  it('refuses a url given twice as not one address', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/download-proxy?url=/uploads/${key}&url=/uploads/${key}`, headers: { cookie: creator.cookie } });
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.proxyUrlInvalid }]);
  });

  describe('every other address: 400 "URL not allowed", no connection, no name looked up', () => {
    let lookups: MockInstance[];
    beforeEach(() => {
      // Spies that call through: nothing is mocked, every lookup is only counted.
      lookups = [vi.spyOn(dns, 'lookup'), vi.spyOn(dns.promises, 'lookup')];
    });
    afterEach(() => vi.restoreAllMocks());

    /** Whatever the proxy did while `act` ran: connections to the watch and name lookups. */
    async function outgoing(act: () => Promise<unknown>): Promise<{ connections: number; lookups: number }> {
      const before = watch.connections();
      await act();
      await watch.settle();
      return { connections: watch.connections() - before, lookups: lookups.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
    }

    it('would notice one: connecting to the watch by name is counted and looked up', async () => {
      const seen = await outgoing(
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = net.connect(watch.port4, 'localhost', () => socket.end());
            socket.on('close', () => resolve()).on('error', reject);
          }),
      );
      expect(seen.lookups).toBeGreaterThan(0);
      expect(seen.connections).toBe(1);
    });

    const attacks = (): [string, string][] => {
      const { port4: p, port6: p6 } = watch;
      const own = `/uploads/${key}`;
      return [
        // other hosts and ports
        ['another host', `http://evil.example${own}`],
        ['a host that ends like ours', `http://evil-heirloom.test${own}`],
        ['a host that starts like ours', `http://heirloom.test.evil.example${own}`],
        ['our host with a trailing dot', `http://heirloom.test.${own}`],
        ['our host on the watch port', `http://heirloom.test:${p}${own}`],
        ['our host with its default port spelled out', `http://heirloom.test:80${own}`],
        ['our host in capitals', `http://HEIRLOOM.TEST${own}`],
        ['a protocol-relative address', `//127.0.0.1:${p}${own}`],
        // other schemes
        ['https of our http host', `https://heirloom.test${own}`],
        ['file:', `file://${own}`],
        ['file: of a system file', 'file:///etc/passwd'],
        ['ftp:', `ftp://heirloom.test${own}`],
        ['gopher:', `gopher://127.0.0.1:${p}/_GET%20${own}`],
        ['data:', 'data:text/plain;base64,aGVsbG8='],
        ['javascript:', `javascript:fetch('${own}')`],
        ['blob: of our origin', `blob:${TEST_ORIGIN}${own}`],
        ['ws:', `ws://heirloom.test${own}`],
        // user info
        ['our host as user info before the watch', `http://heirloom.test@127.0.0.1:${p}${own}`],
        ['user info before our host', `http://someone:secret@heirloom.test${own}`],
        ['a backslash before an at sign', `http://127.0.0.1:${p}\\@heirloom.test${own}`],
        // loopback in every spelling, pointed at the watch
        ['127.0.0.1', `http://127.0.0.1:${p}${own}`],
        ['127.1', `http://127.1:${p}${own}`],
        ['octal 0177.0.0.1', `http://0177.0.0.1:${p}${own}`],
        ['decimal 2130706433', `http://2130706433:${p}${own}`],
        ['hex 0x7f000001', `http://0x7f000001:${p}${own}`],
        ['mixed 0x7f.1', `http://0x7f.1:${p}${own}`],
        ['[::1]', `http://[::1]:${p6}${own}`],
        ['[::ffff:127.0.0.1]', `http://[::ffff:127.0.0.1]:${p}${own}`],
        ['[::ffff:7f00:1]', `http://[::ffff:7f00:1]:${p}${own}`],
        ['localhost', `http://localhost:${p}${own}`],
        ['0.0.0.0', `http://0.0.0.0:${p}${own}`],
        ['0', `http://0:${p}${own}`],
        ['[::]', `http://[::]:${p6}${own}`],
        // link-local and metadata
        ['the metadata address', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
        ['the metadata address with our path', `http://169.254.169.254${own}`],
        ['IPv6 link-local', `http://[fe80::1]${own}`],
        ['the EC2 IPv6 metadata address', 'http://[fd00:ec2::254]/latest/meta-data/'],
        ['the Google metadata name', 'http://metadata.google.internal/computeMetadata/v1/'],
        // names that resolve to private addresses (never resolved: they are not our host)
        ['a name that resolves to loopback', `http://localtest.me:${p}${own}`],
        ['a wildcard-DNS name of loopback', `http://127.0.0.1.nip.io:${p}${own}`],
        ['a private network address', `http://10.0.0.1${own}`],
        ['a home router address', `http://192.168.1.1${own}`],
        // our own addresses that redirect
        ['the sign-in redirect', `${TEST_ORIGIN}/api/login?returnTo=http://127.0.0.1:${p}/`],
        ['the sign-out redirect', `${TEST_ORIGIN}/api/logout`],
        ['a traversal into the sign-in redirect', `${TEST_ORIGIN}/uploads/../api/login?returnTo=//127.0.0.1:${p}/`],
        // dot segments and encoded traversal
        ['a parent path', '/uploads/../heirloom.db'],
        ['a parent path back into uploads', `${TEST_ORIGIN}/uploads/../uploads/${key}`],
        ['a dot segment', `/uploads/./${key}`],
        ['an encoded parent path', `/uploads/%2e%2e/${key}`],
        ['half-encoded parent path', `/uploads/.%2E/${key}`],
        ['a double-encoded parent path', `/uploads/%252e%252e/${key}`],
        ['an encoded slash in the key', `/uploads/${key.replace('/', '%2F')}`],
        ['a backslash in the key', `/uploads/${key.replace('/', '\\')}`],
        ['backslashes for slashes', `\\uploads\\${key.replace('/', '\\')}`],
        ['a key with a path after it', `${own}/../../api/login`],
        ['a key with an encoded nul', `${own}%00.png`],
        // not keys the server makes
        ['a file name a user chose', '/uploads/images/grandma.jpg'],
        ['the temp folder', `/uploads/.tmp/${randomUUID()}.part`],
        ['a key in capitals', `/uploads/${key.toUpperCase()}`],
        ['a folder only', '/uploads/images/'],
        ['the uploads path alone', '/uploads/'],
        ['a key without the uploads path', `/${key}`],
        ['a bucket address while storage is local', `https://heirloom-media.s3.us-east-1.amazonaws.com/${key}`],
      ];
    };

    it('refuses each of the list', async () => {
      const answers: [string, number, unknown][] = [];
      const seen = await outgoing(async () => {
        for (const [name, url] of attacks()) {
          const response = await proxy(t, url, creator.cookie);
          answers.push([name, response.statusCode, response.json()]);
        }
      });
      expect(answers).toEqual(attacks().map(([name]) => [name, 400, notAllowed]));
      expect(seen).toEqual({ connections: 0, lookups: 0 });
    });

    it('refuses the unparseable without a connection either', async () => {
      let answer: unknown;
      const seen = await outgoing(async () => {
        const response = await proxy(t, `http://[::1]:${watch.port6}:${watch.port4}/uploads/x`, creator.cookie);
        answer = [response.statusCode, response.json()];
      });
      expect(answer).toEqual([400, { message: messages.proxyUrlInvalid }]);
      expect(seen).toEqual({ connections: 0, lookups: 0 });
    });
  });
});

describe.each(dialects)('GET /api/download-proxy with S3 storage (s3rver) on %s', (dialect) => {
  const bytes = randomBytes(20_000);
  let peer: S3Peer;
  let t: TestApp;
  let creator: MadeUser, viewer: MadeUser, stranger: MadeUser;
  let key: string;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
    [creator, viewer, stranger] = [await makeUser(t.ctx), await makeUser(t.ctx), await makeUser(t.ctx)];
    const memory = await makeMemory(t.ctx, creator.user, { sharedWith: [viewer.user] });
    key = await storeFile(t, creator, 'images', bytes, memory.id);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** The bucket's own address of `key`, signed, as the S3 driver makes it for /uploads' redirect. */
  async function bucketAddress(): Promise<string> {
    const redirect = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { cookie: creator.cookie } });
    expect(redirect.statusCode).toBe(302);
    return redirect.headers.location as string;
  }

  it("streams the bucket's object through the app, signed or bare, to the creator and the viewer", async () => {
    const signed = await bucketAddress();
    expect(signed.startsWith(`${peer.endpoint}/${peer.bucket}/${key}?`)).toBe(true);
    for (const address of [signed, signed.split('?')[0]!, `/uploads/${key}`]) {
      for (const who of [creator, viewer]) {
        const response = await proxy(t, address, who.cookie);
        expect(response.statusCode).toBe(200);
        expect(response.headers.location).toBeUndefined();
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.rawPayload.equals(bytes)).toBe(true);
      }
    }
  });

  it('answers Range from the bucket', async () => {
    const response = await proxy(t, `/uploads/${key}`, viewer.cookie, { range: 'bytes=0-0' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 0-0/20000');
    expect(response.rawPayload.equals(bytes.subarray(0, 1))).toBe(true);
  });

  it('answers a stranger 404 for the bucket address, and the signed out 401', async () => {
    const address = (await bucketAddress()).split('?')[0]!;
    const refused = await proxy(t, address, stranger.cookie);
    expect([refused.statusCode, refused.json()]).toEqual([404, notFound]);
    expect((await proxy(t, address)).statusCode).toBe(401);
  });

  it('refuses the same key in another bucket of the same s3rver, which holds other bytes', async () => {
    const client = new S3Client({
      endpoint: peer.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      for (const bucket of ['family-archive', `${peer.bucket}-old`]) {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from('not ours') }));
        for (const address of [`${peer.endpoint}/${bucket}/${key}`, `${peer.endpoint}/${bucket}/${peer.bucket}/${key}`]) {
          const response = await proxy(t, address, creator.cookie);
          expect([response.statusCode, response.json()]).toEqual([400, notAllowed]);
        }
      }
    } finally {
      client.destroy();
    }
    const otherPort = `http://127.0.0.1:${Number(new URL(peer.endpoint).port) + 1}/${peer.bucket}/${key}`;
    expect((await proxy(t, otherPort, creator.cookie)).json()).toEqual(notAllowed);
  });
});
