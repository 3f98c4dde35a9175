// DESIGN "Growing past one machine": the app is stateless, so instances behind any load
// balancer share one PostgreSQL and one bucket. Two real server processes on one fresh
// schema and one s3rver bucket, started together, and the test as their client and
// balancer. Runs when TEST_DATABASE_URL is set (PostgreSQL is what several instances need).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../common/memories.js';
import { messages } from '../common/messages.js';
import type { PresignedUrl } from '../common/uploads.js';
import { entryBytes, entryJson, unzip } from './archives/test-support.js';
import { openDatabase } from './db/index.js';
import { openConfiguredDatabase } from './db/open.js';
import { formBody, imageOf, type FormPart } from './media/test-support.js';
import { imageFile, memoryFields, mp4Bytes } from './memories/test-support.js';
import { startS3Peer, type S3Peer } from './providers/storage/test-support.js';
import { startInstance, type Instance } from './test/instance.js';
import { sendDirectUpload } from './uploads/test-support.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** The balancer's address, PUBLIC_URL of both instances: browsers send it as Origin. */
const ORIGIN = 'http://heirloom.test';
const PASSWORD = 'a long family secret';
const migrationsFolder = fileURLToPath(new URL('./db/migrations/', import.meta.url));

/** Every migration the repository holds, by name. */
const migrationFiles = readdirSync(migrationsFolder)
  .filter((file) => /^\d{4}_\w+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

async function recordedMigrations(schema: string): Promise<string[]> {
  const admin = openDatabase(databaseUrl!);
  try {
    const recorded = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(admin.db);
    return recorded.rows.map((row) => row.name);
  } finally {
    await admin.close();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const admin = openDatabase(databaseUrl!);
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

interface Call {
  method?: string;
  cookie?: string;
  json?: unknown;
  form?: FormPart[];
  headers?: Record<string, string>;
}

/** One request to one instance, as the browser behind the balancer sends it. */
async function call(instance: Instance, path: string, { method = 'GET', cookie, json, form, headers = {} }: Call = {}): Promise<Response> {
  const sent: Record<string, string> = { origin: ORIGIN, ...headers, ...(cookie ? { cookie } : {}) };
  let body: BodyInit | undefined;
  if (json !== undefined) {
    sent['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    const built = await formBody(form);
    Object.assign(sent, built.headers);
    body = new Uint8Array(built.payload);
  }
  return fetch(`${instance.origin}${path}`, { method, headers: sent, body, redirect: 'manual' });
}

let accounts = 0;
async function signUp(instance: Instance): Promise<{ id: string; email: string; cookie: string }> {
  const email = `member-${++accounts}-${randomBytes(3).toString('hex')}@example.org`;
  const response = await call(instance, '/api/auth/register', { method: 'POST', json: { email, password: PASSWORD } });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, email, cookie: response.headers.get('set-cookie')!.split(';')[0]! };
}

async function makeTimeline(instance: Instance, cookie: string): Promise<string> {
  const response = await call(instance, '/api/timelines', { method: 'POST', cookie, json: { name: 'Family' } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A video sent the way the browser sends it: the address from `issuer`, the bytes straight to the bucket. */
async function uploadVideo(issuer: Instance, cookie: string, video: Buffer): Promise<PresignedUrl> {
  const issued = await call(issuer, '/api/upload/presigned-url', { method: 'POST', cookie, json: { fileName: 'wedding.mp4', mimeType: 'video/mp4' } });
  expect(issued.status).toBe(200);
  const upload = (await issued.json()) as PresignedUrl;
  expect([200, 204]).toContain((await sendDirectUpload(upload, video)).status);
  return upload;
}

/** The bytes of a stored file as `instance` serves them: a redirect to the bucket, followed. */
async function storedBytes(instance: Instance, cookie: string, url: string): Promise<Buffer> {
  const answer = await call(instance, url, { cookie });
  expect(answer.status).toBe(302);
  const fetched = await fetch(answer.headers.get('location')!);
  expect(fetched.status).toBe(200);
  return Buffer.from(await fetched.arrayBuffer());
}

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL schema and one bucket', () => {
  const schema = `instances_${randomBytes(6).toString('hex')}`;
  const dataDirs = [mkdtempSync(join(tmpdir(), 'heirloom-instance-a-')), mkdtempSync(join(tmpdir(), 'heirloom-instance-b-'))];
  let peer: S3Peer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    peer = await startS3Peer();
    const shared = {
      PUBLIC_URL: ORIGIN,
      DATABASE_URL: databaseUrl!,
      // Not created beforehand: both instances find it missing, make it and migrate it at once.
      DATABASE_SCHEMA: schema,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Behind a balancer the client's address comes in X-Forwarded-For.
      TRUST_PROXY: 'true',
      ...peer.env,
    };
    // Each its own data folder: nothing may depend on a disk the other cannot see.
    [a, b] = await Promise.all([startInstance({ ...shared, DATA_DIR: dataDirs[0]! }), startInstance({ ...shared, DATA_DIR: dataDirs[1]! })]);
  }, 90_000);

  afterAll(async () => {
    a?.kill();
    b?.kill();
    await peer?.close();
    await dropSchema(schema);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('applied each migration once when both started together on the missing schema, and both answer /healthz', async () => {
    for (const instance of [a, b]) expect((await fetch(`${instance.origin}/healthz`)).status).toBe(200);
    expect(migrationFiles.length).toBeGreaterThan(0);
    expect(await recordedMigrations(schema)).toEqual(migrationFiles);
  });

  it('lets servers that open the missing schema at the very same moment all start, each migration recorded once', async () => {
    // The processes above start some milliseconds apart; here both ask at once, five times over.
    for (let round = 0; round < 5; round++) {
      const fresh = `${schema}_${round}`;
      try {
        const opened = await Promise.allSettled([0, 1].map(() => openConfiguredDatabase({ databaseUrl: databaseUrl!, databaseSchema: fresh }, { migrate: true })));
        await Promise.all(opened.map((result) => result.status === 'fulfilled' && result.value.close()));
        expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);
        expect(await recordedMigrations(fresh)).toEqual(migrationFiles);
      } finally {
        await dropSchema(fresh);
      }
    }
  });

  it('takes a session made on one on the other, and a sign-out through the other ends it on both', async () => {
    const rose = await signUp(a);
    const onB = await call(b, '/api/auth/user', { cookie: rose.cookie });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { id: string }).id).toBe(rose.id);

    expect((await call(b, '/api/logout', { cookie: rose.cookie })).status).toBe(302);
    for (const instance of [a, b]) expect((await call(instance, '/api/auth/user', { cookie: rose.cookie })).status).toBe(401);
  });

  it('accepts a direct upload issued by one when the memory is made through the other, and serves it through both', async () => {
    const rose = await signUp(a);
    const timelineId = await makeTimeline(b, rose.cookie);
    const video = mp4Bytes(30_000);
    const upload = await uploadVideo(a, rose.cookie, video);

    const created = await call(b, '/api/memories', { method: 'POST', cookie: rose.cookie, form: memoryFields({ timelineIds: [timelineId], directVideoUrls: [upload.finalUrl] }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const memory = (await created.json()) as Memory;
    // Kept under a key of the memory's own (issue 19), which both instances serve.
    const [held] = memory.videos.map((shown) => shown.url);
    expect(held).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(held).not.toBe(upload.finalUrl);
    for (const instance of [a, b]) expect((await storedBytes(instance, rose.cookie, held!)).equals(video)).toBe(true);

    // Once attached, the upload is spent for both: the issuing instance will not attach it again.
    const again = await call(a, '/api/memories', { method: 'POST', cookie: rose.cookie, form: memoryFields({ timelineIds: [timelineId], directVideoUrls: [upload.finalUrl] }) });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: messages.videoUploadNotFound });
  });

  it('reads, edits and archives through one a memory made through the other', async () => {
    const rose = await signUp(b);
    const timelineId = await makeTimeline(a, rose.cookie);
    const video = mp4Bytes(25_000);
    const upload = await uploadVideo(b, rose.cookie, video);
    const created = await call(a, '/api/memories', {
      method: 'POST',
      cookie: rose.cookie,
      form: [...memoryFields({ title: 'The lake', content: 'First swim', timelineIds: [timelineId], directVideoUrls: [upload.finalUrl] }), imageFile(await imageOf('png'))],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const memory = (await created.json()) as Memory;

    const read = await call(b, `/api/memories/${memory.id}`, { cookie: rose.cookie });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(memory);

    const edited = await call(b, `/api/memories/${memory.id}`, { method: 'PATCH', cookie: rose.cookie, json: { title: 'The lake at dawn', tags: ['summer'] } });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const onA = (await (await call(a, `/api/memories/${memory.id}`, { cookie: rose.cookie })).json()) as Memory;
    expect([onA.title, onA.tags, onA.content]).toEqual(['The lake at dawn', ['summer'], 'First swim']);

    const archive = await call(b, `/api/memories/${memory.id}/export`, { cookie: rose.cookie });
    expect(archive.status).toBe(200);
    const entries = await unzip(Buffer.from(await archive.arrayBuffer()));
    expect(entryJson(entries, 'metadata.json')).toMatchObject({ memory: { id: memory.id, title: 'The lake at dawn', tags: ['summer'] } });
    expect(entryBytes(entries, 'media/videos/video_1.mp4')?.equals(video)).toBe(true);
    const original = await storedBytes(a, rose.cookie, memory.images[0]!.originalUrl);
    expect(entryBytes(entries, 'media/images/image_1.png')?.equals(original)).toBe(true);
  });

  it('counts failed sign-ins made on both toward one lock-out: the eleventh attempt is refused with 429 on either', async () => {
    const rose = await signUp(a);
    // One client address for every attempt, as the balancer forwards it.
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    for (let attempt = 0; attempt < 10; attempt++) {
      const refused = await call(attempt % 2 === 0 ? a : b, '/api/auth/login', { method: 'POST', headers, json: { email: rose.email, password: 'not the password' } });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: messages.invalidCredentials });
    }
    // Five failures each: only a count the two share reaches ten. The right password no longer helps.
    for (const instance of [a, b]) {
      const locked = await call(instance, '/api/auth/login', { method: 'POST', headers, json: { email: rose.email, password: PASSWORD } });
      expect(locked.status).toBe(429);
      expect(await locked.json()).toEqual({ message: messages.tooManySignIns });
    }
  });

  it('loses no request when one instance is sent SIGTERM while the other serves', { timeout: 60_000 }, async () => {
    const rose = await signUp(b);
    const timelineId = await makeTimeline(b, rose.cookie);
    const balancer = new Balancer([a, b]);
    const failures: string[] = [];
    const acknowledged = new Map<string, string>();
    let traffic = true;

    // A steady stream from three clients: make a memory, read it back, again and again.
    const client = async (name: string) => {
      for (let round = 0; traffic; round++) {
        const title = `${name} ${round}`;
        const { payload, headers } = await formBody(memoryFields({ title, timelineIds: [timelineId] }));
        const created = await balancer.send('POST', '/api/memories', { ...headers, cookie: rose.cookie, origin: ORIGIN }, payload);
        if (created.status !== 201) {
          failures.push(`POST ${title}: ${created.status} ${created.body}`);
          continue;
        }
        const { id } = JSON.parse(created.body) as Memory;
        acknowledged.set(id, title);
        const read = await balancer.send('GET', `/api/memories/${id}`, { cookie: rose.cookie });
        if (read.status !== 200 || (JSON.parse(read.body) as Memory).title !== title) failures.push(`GET ${title}: ${read.status} ${read.body}`);
      }
    };
    const clients = ['Anna', 'Ben', 'Cleo'].map(client);

    // The signal lands amid the traffic, once each instance has answered a good share of it.
    await until(() => balancer.answeredBy(a) >= 20 && balancer.answeredBy(b) >= 20, 'traffic to reach both instances');
    expect(await a.stop()).toBe(0);
    // And traffic goes on a while through the instance left.
    const afterStop = balancer.answeredBy(b);
    await until(() => balancer.answeredBy(b) >= afterStop + 20, 'traffic to go on through the other instance');
    traffic = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    // The balancer saw the signal: the stopping instance turned something away (503 or a refused connection).
    expect(balancer.turnedAway).toBeGreaterThan(0);
    // Every acknowledged write is there, and nothing beyond them (a write done but never answered).
    const listed = await call(b, '/api/memories', { cookie: rose.cookie });
    expect(listed.status).toBe(200);
    const memories = (await listed.json()) as Memory[];
    expect(new Map(memories.map((memory) => [memory.id, memory.title]))).toEqual(acknowledged);
  });
});

interface Answer {
  status: number;
  body: string;
}

/**
 * The balancer in front of the instances, as nginx runs one by default: a new connection
 * per request, round robin, and a request that an instance refuses (a refused connection,
 * or 503) goes to the next instance, while the refusing one is taken out of the rotation
 * (a passive health check). Any other failure is the client's answer, unretried.
 */
class Balancer {
  private next = 0;
  private readonly down = new Set<Instance>();
  private readonly answered = new Map<Instance, number>();
  turnedAway = 0;

  constructor(private readonly instances: Instance[]) {}

  answeredBy(instance: Instance): number {
    return this.answered.get(instance) ?? 0;
  }

  async send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
    for (let tries = 0; tries < this.instances.length; tries++) {
      const live = this.instances.filter((instance) => !this.down.has(instance));
      if (live.length === 0) break;
      const instance = live[this.next++ % live.length]!;
      const answer = await sendOnce(instance, method, path, headers, body);
      if (answer === 'refused' || answer.status === 503) {
        this.turnedAway++;
        this.down.add(instance);
        continue;
      }
      this.answered.set(instance, this.answeredBy(instance) + 1);
      return answer;
    }
    return { status: 0, body: 'every instance turned the request away' };
  }
}

/** One request on a connection of its own; 'refused' when the connection is. Other errors are answers (status 0). */
function sendOnce(instance: Instance, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer | 'refused'> {
  return new Promise((resolve) => {
    const request = httpRequest(`${instance.origin}${path}`, { method, headers: { ...headers, connection: 'close' }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      response.on('error', (error) => resolve({ status: 0, body: `the answer broke off: ${error.message}` }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : { status: 0, body: `${error.code ?? ''} ${error.message}` }));
    request.end(body);
  });
}

async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
