// issue 24, listen codes (DESIGN "The family book (PDF)"): a book's code for a memory with a
// voice is minted once and printed again by every later book; it keeps playing after the
// server's secret changes; it opens the memory's title, day, teller and recordings and nothing
// else, with no account, kept by no cache, sending no referrer, not indexed; its creator stops
// it (others may not); wrong codes are counted per address. On both dialects.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TELL_GUESS_LIMIT } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { listenUrlFor } from './index.js';
import { postVoiceStory, tokenOf, type VoiceStory } from './test-support.js';

const TOKEN_URL = new RegExp(`^${TEST_ORIGIN}/listen/[A-Za-z0-9_-]{43}$`);
const CODE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' };

describe.each(dialects)('listen codes on %s', (dialect) => {
  let t: TestApp;
  let rose: MadeUser, viewer: MadeUser, member: MadeUser, stranger: MadeUser;
  let timelineId: string;
  let story: VoiceStory;
  let address = 0;
  /** Each call from an address of its own, unless a test means to add guesses up. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [rose, viewer, member, stranger] = await Promise.all([
      makeUser(t.ctx, { displayName: 'Grandma Rose' }),
      makeUser(t.ctx, { displayName: 'Sam' }),
      makeUser(t.ctx, { displayName: 'Alex' }),
      makeUser(t.ctx, { displayName: 'Stranger' }),
    ]);
    timelineId = (await makeTimeline(t.ctx, rose.user, { members: [viewer.user, member.user] })).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    story = await postVoiceStory(t, rose, { title: 'Summer at the lake', timelineId, sharedWith: [viewer.user.id] });
  });

  const urlFor = (memoryId: string) => listenUrlFor(t.ctx, t.ctx.db, memoryId, rose.user.id);
  const codesOf = (memoryId: string) => t.ctx.db.selectFrom('listen_links').selectAll().where('memory_id', '=', memoryId).orderBy('created_at').execute();
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url, headers, remoteAddress });
  const stop = (memoryId: string, who?: MadeUser) =>
    t.app.inject({ method: 'DELETE', url: `/api/memories/${memoryId}/listen-links`, headers: who ? { cookie: who.cookie } : {} });
  /** The three addresses one code opens. */
  const callsOf = (token: string) => [`/listen/${token}`, `/api/listen/${token}`, `/api/listen/${token}/recordings/0`];

  it('mints one code for a memory and answers the same address to every later book', async () => {
    const first = await urlFor(story.id);
    expect(first).toMatch(TOKEN_URL);
    expect(await urlFor(story.id)).toBe(first);
    const codes = await codesOf(story.id);
    expect(codes).toHaveLength(1);
    // Only the token's hash and its sealed form are kept, never the token itself.
    expect(codes[0]).toMatchObject({ memory_id: story.id, created_by: rose.user.id, token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(codes[0])).not.toContain(tokenOf(first));
  });

  it('mints a second code once the server secret has changed, and the first code still plays', async () => {
    const first = await urlFor(story.id);
    // A second app on the same database, started with another SESSION_SECRET.
    const config = { ...t.ctx.config, sessionSecret: randomBytes(32).toString('hex') };
    const ctx2 = createContext({ db: t.ctx.db, dialect, config, media: t.ctx.media, now: () => t.ctx.now() });
    const app2 = await buildApp({ ctx: ctx2, startJobs: false });
    try {
      const second = await listenUrlFor(ctx2, ctx2.db, story.id, rose.user.id);
      expect(second).toMatch(TOKEN_URL);
      expect(second).not.toBe(first);
      expect(await listenUrlFor(ctx2, ctx2.db, story.id, rose.user.id)).toBe(second);
      expect(await codesOf(story.id)).toHaveLength(2);
      for (const url of [first, second]) {
        for (const app of [t.app, app2]) {
          const page = await app.inject({ method: 'GET', url: `/api/listen/${tokenOf(url)}`, remoteAddress: nextAddress() });
          expect(page.statusCode).toBe(200);
          expect(page.json().title).toBe('Summer at the lake');
          const played = await app.inject({ method: 'GET', url: `/api/listen/${tokenOf(url)}/recordings/0`, remoteAddress: nextAddress() });
          expect(played.statusCode).toBe(200);
          expect(played.rawPayload.equals(story.recordings[0]!)).toBe(true);
        }
      }
    } finally {
      await app2.close();
    }
  });

  it('answers the title, day, teller and recordings, and nothing else, with no cookie and with any cookie', async () => {
    const token = tokenOf(await urlFor(story.id));
    const { created_at: createdAt } = await t.ctx.db.selectFrom('memories').select('created_at').where('id', '=', story.id).executeTakeFirstOrThrow();
    for (const headers of [{}, { cookie: viewer.cookie }, { cookie: 'sid=not-a-session' }] as Record<string, string>[]) {
      const page = await get(`/api/listen/${token}`, headers);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toEqual({
        title: 'Summer at the lake',
        createdAt: new Date(createdAt).toISOString(),
        storyteller: { displayName: 'Grandma Rose' },
        recordings: [
          { label: messages.listenStoryLabel, url: `/api/listen/${token}/recordings/0` },
          { label: 'What did you eat?', url: `/api/listen/${token}/recordings/1` },
          { label: 'Where did you sleep?', url: `/api/listen/${token}/recordings/2` },
        ],
      });
      expect(page.headers).toMatchObject(CODE_HEADERS);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers.etag).toBeUndefined();
    }
  });

  it('names a teller who gave no name in words, never by e-mail address', async () => {
    const nameless = await makeUser(t.ctx, { displayName: null, email: 'nameless@example.org' });
    const memory = await makeMemory(t.ctx, nameless.user, { title: 'A quiet one' });
    const page = await get(`/api/listen/${tokenOf(await listenUrlFor(t.ctx, t.ctx.db, memory.id, nameless.user.id))}`);
    expect(page.json()).toMatchObject({ storyteller: { displayName: messages.listenUnnamedTeller }, recordings: [] });
    expect(page.body).not.toContain('nameless@example.org');
  });

  it('streams each recording as stored, a Range as 206, and nothing past the last', async () => {
    const token = tokenOf(await urlFor(story.id));
    for (const [index, bytes] of story.recordings.entries()) {
      const whole = await get(`/api/listen/${token}/recordings/${index}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers).toMatchObject({ ...CODE_HEADERS, 'content-type': 'audio/wav', 'accept-ranges': 'bytes', 'content-length': String(bytes.length) });
      expect(whole.rawPayload.equals(bytes)).toBe(true);
    }
    const part = await get(`/api/listen/${token}/recordings/1`, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': `bytes 100-199/${story.recordings[1]!.length}`, 'content-length': '100', 'cache-control': 'no-store' });
    expect(part.rawPayload.equals(story.recordings[1]!.subarray(100, 200))).toBe(true);
    const beyond = await get(`/api/listen/${token}/recordings/0`, { range: `bytes=${story.recordings[0]!.length}-` });
    expect(beyond.statusCode).toBe(416);
    for (const n of ['3', '-1', '1e0', 'x']) {
      const none = await get(`/api/listen/${token}/recordings/${n}`);
      expect(none.statusCode, n).toBe(404);
      expect(none.json()).toEqual({ message: messages.notFound });
    }
  });

  it("lets the memory's creator stop its codes: the page, the API and the recordings answer 404, and a later book mints a new code", async () => {
    const old = tokenOf(await urlFor(story.id));
    const stopped = await stop(story.id, rose);
    expect(stopped.statusCode).toBe(204);
    expect(await codesOf(story.id)).toEqual([]);
    for (const url of callsOf(old)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers, url).toMatchObject(CODE_HEADERS);
      if (url.startsWith('/api/')) expect(response.json()).toEqual({ message: messages.listenLinkNotFound });
      else expect(response.body).toContain(messages.listenLinkNotFound.replace(/'/g, '&#39;'));
    }
    const renewed = tokenOf(await urlFor(story.id));
    expect(renewed).not.toBe(old);
    expect((await get(`/api/listen/${renewed}`)).statusCode).toBe(200);
    expect((await get(`/api/listen/${old}`)).statusCode).toBe(404);
    // Stopping a memory with no codes is the same answer.
    expect((await stop((await makeMemory(t.ctx, rose.user)).id, rose)).statusCode).toBe(204);
  });

  it('refuses a viewer who is not the creator (403), and a member or stranger who cannot see the memory (404), changing nothing', async () => {
    const token = tokenOf(await urlFor(story.id));
    const before = await codesOf(story.id);
    const asViewer = await stop(story.id, viewer);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json()).toEqual({ message: messages.listenCodesCreatorOnly });
    for (const who of [member, stranger]) {
      const response = await stop(story.id, who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.memoryNotFound });
    }
    expect((await stop(story.id)).statusCode).toBe(401);
    expect((await stop('no-such-memory', rose)).statusCode).toBe(404);
    expect(await codesOf(story.id)).toEqual(before);
    expect((await get(`/api/listen/${token}`)).statusCode).toBe(200);
  });

  it('answers 404 to wrong codes and 429 once one address has tried too many, even with a good code, while others still play', async () => {
    const token = tokenOf(await urlFor(story.id));
    const guesser = nextAddress();
    for (let i = 0; i < TELL_GUESS_LIMIT; i++) {
      const wrong = i % 2 === 0 ? randomBytes(32).toString('base64url') : 'short';
      const response = await get(`/api/listen/${wrong}`, {}, guesser);
      expect(response.statusCode, `guess ${i + 1}`).toBe(404);
      expect(response.json()).toEqual({ message: messages.listenLinkNotFound });
    }
    for (const url of callsOf(token)) {
      const refused = await get(url, {}, guesser);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers, url).toMatchObject(CODE_HEADERS);
    }
    expect((await get(`/api/listen/${token}`, {}, guesser)).json()).toEqual({ message: messages.listenTooManyGuesses });
    expect((await get(`/api/listen/${token}`, {}, nextAddress())).statusCode).toBe(200);
  });

  it('serves the listen page as plain HTML with its title, day, teller and a player per recording, under its own policy', async () => {
    await t.ctx.db.updateTable('memories').set({ created_at: '1968-06-12T15:00:00.000Z' }).where('id', '=', story.id).execute();
    const token = tokenOf(await urlFor(story.id));
    const page = await get(`/listen/${token}`, { cookie: viewer.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({ ...CODE_HEADERS, 'content-type': 'text/html; charset=utf-8' });
    expect(page.headers['set-cookie']).toBeUndefined();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("media-src 'self'");
    expect(csp).not.toMatch(/script-src|https?:/);
    const html = page.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<title>${messages.listenPageTitle('Summer at the lake')}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<h1>Summer at the lake</h1>');
    expect(html).toContain('<time datetime="1968-06-12">12 June 1968</time>');
    expect(html).toContain(messages.listenToldBy('Grandma Rose'));
    expect(html.match(/<audio controls preload="none" src="[^"]+"/g)).toEqual(
      [0, 1, 2].map((n) => `<audio controls preload="none" src="/api/listen/${token}/recordings/${n}"`),
    );
    expect(html).toContain('<h2 id="recording-1">What did you eat?</h2>');
    expect(html).not.toMatch(/<script|We went every summer|All the cousins/);
    // The one inline style is the one the policy's hash allows.
    const style = html.match(/<style>([^<]*)<\/style>/)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(style).toMatch(/font:22px/);
  });

  it('writes a title full of markup as text, and answers an unknown code with the 404 page in words', async () => {
    const memory = await makeMemory(t.ctx, rose.user, { title: '<script>alert("x")</script> & "Mum\'s" song' });
    const page = await get(`/listen/${tokenOf(await urlFor(memory.id))}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Mum&#39;s&quot; song</h1>');
    expect(page.body).toContain(messages.listenNoRecordings);

    const unknown = await get(`/listen/${randomBytes(32).toString('base64url')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers).toMatchObject({ ...CODE_HEADERS, 'content-type': 'text/html; charset=utf-8' });
    expect(unknown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(unknown.body).toContain(`<h1>${messages.listenLinkNotFound.replace(/'/g, '&#39;')}</h1>`);
  });

  it("answers /listen/{token} itself when the web app is built, before the app's catch-all page", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'heirloom-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>The web app</title>');
    const web = await makeTestApp(dialect, { webRoot });
    try {
      const joe = (await makeUser(web.ctx, { displayName: 'Grandpa Joe' })).user;
      const memory = await makeMemory(web.ctx, joe, { title: 'The old mill' });
      const page = await web.app.inject({ method: 'GET', url: `/listen/${tokenOf(await listenUrlFor(web.ctx, web.ctx.db, memory.id, joe.id))}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>The old mill</h1>');
      const unknown = await web.app.inject({ method: 'GET', url: `/listen/${'A'.repeat(43)}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).not.toContain('The web app');
    } finally {
      await web.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });

  it('answers a HEAD of a recording with its length and no body', async () => {
    const token = tokenOf(await urlFor(story.id));
    const head = await t.app.inject({ method: 'HEAD', url: `/api/listen/${token}/recordings/0`, remoteAddress: nextAddress() });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(story.recordings[0]!.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('deletes the codes with their memory', async () => {
    const token = tokenOf(await urlFor(story.id));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/memories/${story.id}`, headers: { cookie: rose.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(await codesOf(story.id)).toEqual([]);
    for (const url of callsOf(token)) expect((await get(url)).statusCode, url).toBe(404);
  });
});
