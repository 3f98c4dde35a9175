// Issue 8 "First load": the built app's files go out precompressed. The fixture is built by
// the real build step (the precompress plugin of vite.config.ts) over a small web root.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../common/page-data.js';
import { makeMemory, makeTimeline } from '../test/factories.js';
import { PAGE_CHUNKS, precompress, SIGNED_IN_PAGE, signedInPage } from '../../vite.config.js';

const indexHtml = `<!doctype html><html lang="en"><head><title>Heirloom</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-1.js">
  </head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const appJs = `export function hello(){return ${JSON.stringify('memories '.repeat(500))}}`;
/** Already compressed bytes: a PNG is served as it is. */
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** The chunks of a build: the entry, the signed-in app (a dynamic entry) and what it imports. */
const bundle = {
  'assets/index-abc123.js': { type: 'chunk', fileName: 'assets/index-abc123.js', isDynamicEntry: false, facadeModuleId: '/app/web/index.html', imports: ['assets/shared-1.js'] },
  'assets/shared-1.js': { type: 'chunk', fileName: 'assets/shared-1.js', isDynamicEntry: false, facadeModuleId: null, imports: [] },
  'assets/SignedInApp-def456.js': {
    type: 'chunk',
    fileName: 'assets/SignedInApp-def456.js',
    isDynamicEntry: true,
    facadeModuleId: '/app/web/src/SignedInApp.tsx',
    imports: ['assets/shared-1.js', 'assets/Modal-789.js'],
    viteMetadata: { importedCss: new Set(['assets/SignedInApp-def456.css']) },
  },
  'assets/Modal-789.js': { type: 'chunk', fileName: 'assets/Modal-789.js', isDynamicEntry: false, facadeModuleId: null, imports: ['assets/shared-1.js'] },
  'assets/TimelinePage-aaa111.js': {
    type: 'chunk',
    fileName: 'assets/TimelinePage-aaa111.js',
    isDynamicEntry: true,
    facadeModuleId: '/app/web/src/features/timeline-page/TimelinePage.tsx',
    imports: ['assets/Modal-789.js', 'assets/Popover-bbb222.js'],
    viteMetadata: { importedCss: new Set(['assets/TimelinePage-aaa111.css']) },
  },
  'assets/Popover-bbb222.js': { type: 'chunk', fileName: 'assets/Popover-bbb222.js', isDynamicEntry: false, facadeModuleId: null, imports: ['assets/shared-1.js'] },
};
const timelineLinks = [
  '<link rel="modulepreload" crossorigin href="/assets/TimelinePage-aaa111.js">',
  '<link rel="modulepreload" crossorigin href="/assets/Popover-bbb222.js">',
  '<link rel="stylesheet" crossorigin href="/assets/TimelinePage-aaa111.css">',
];

/** Runs the build's steps after writing over `dir`, as `vite build` does: the signed-in page, then compression. */
function runBuildSteps(dir: string): void {
  for (const plugin of [signedInPage(), precompress()] as Plugin[]) {
    (plugin.configResolved as (config: unknown) => void)({ root: dir, build: { outDir: '.' } });
    (plugin.writeBundle as ((options: unknown, files: unknown) => void) | undefined)?.({}, bundle);
    (plugin.closeBundle as (() => void) | undefined)?.();
  }
}

function builtWebRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), appJs);
  writeFileSync(join(dir, 'icons', 'icon.png'), png);
  runBuildSteps(dir);
  return dir;
}

describe('the build precompresses the app', () => {
  it('writes a brotli and a gzip sibling of each text file, with the same content, and none of a PNG', () => {
    const dir = builtWebRoot();
    try {
      for (const name of ['index.html', 'assets/index-abc123.js']) {
        const plain = readFileSync(join(dir, name));
        const br = readFileSync(join(dir, `${name}.br`));
        const gz = readFileSync(join(dir, `${name}.gz`));
        expect(br.length).toBeLessThan(plain.length);
        expect(brotliDecompressSync(br).equals(plain)).toBe(true);
        expect(gunzipSync(gz).equals(plain)).toBe(true);
      }
      expect(() => readFileSync(join(dir, 'icons', 'icon.png.br'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the build writes the page of signed-in browsers', () => {
  it('names the signed-in chunk, its imports and its stylesheet, and nothing index.html already loads', () => {
    const dir = builtWebRoot();
    try {
      const page = readFileSync(join(dir, SIGNED_IN_PAGE), 'utf8');
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/SignedInApp-def456.js">');
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/Modal-789.js">');
      expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/SignedInApp-def456.css">');
      expect(page.match(/shared-1\.js/g)).toHaveLength(1);
      expect(page.replace(/\n\s*<link rel="(modulepreload|stylesheet)" crossorigin href="\/assets\/(SignedInApp|Modal)[^"]*">/g, '')).toBe(indexHtml);
      expect(brotliDecompressSync(readFileSync(join(dir, `${SIGNED_IN_PAGE}.br`))).toString()).toBe(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists the timeline page's own chunks, less those the signed-in page already names", () => {
    const dir = builtWebRoot();
    try {
      expect(JSON.parse(readFileSync(join(dir, PAGE_CHUNKS), 'utf8'))).toEqual({ '/timeline': timelineLinks });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('serving the precompressed web app on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = builtWebRoot();
    t = await makeTestApp(dialect, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const file = (name: string) => readFileSync(join(webRoot, name));
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the .br bytes with Content-Encoding br to a browser that accepts brotli', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(file('assets/index-abc123.js.br'))).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(file('assets/index-abc123.js.br').length);
  });

  it('sends the .gz bytes with Content-Encoding gzip when the browser accepts only gzip', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(file('assets/index-abc123.js.gz'))).toBe(true);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['Accept-Encoding identity', 'identity'],
  ])('sends the plain file, without Content-Encoding, with %s', async (_, acceptEncoding) => {
    const response = await get('/assets/index-abc123.js', acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(appJs);
  });

  it('sends index.html compressed for a page path, never cached without asking', async () => {
    for (const url of ['/', '/timeline/abc', '/profile']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
    }
    const plain = await get('/timeline/abc');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  /** The page a signed-in browser was sent, and the page data written into it. */
  async function signedInPage(url: string, cookie: string) {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    const html = brotliDecompressSync(response.rawPayload).toString();
    const json = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];
    return { response, html, data: json === undefined ? null : (JSON.parse(json) as PageData) };
  }

  it("sends a signed-in browser the page that preloads the signed-in app, with its user, timelines and the server's settings written in", async () => {
    const { user, cookie } = await makeUser(t.ctx, { displayName: 'Rose' });
    const timeline = await makeTimeline(t.ctx, user, { name: 'Our Family' });
    const { response, html, data } = await signedInPage('/profile', cookie);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // It names one person: no cache keeps it.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(html).toContain('/assets/SignedInApp-def456.js');
    expect(html).not.toContain('TimelinePage');
    // Exactly what the calls it stands in for answer.
    const asked = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }).then((answer) => answer.json());
    expect(data).toEqual({ user: await asked('/api/auth/user'), timelines: await asked('/api/timelines'), timelinePage: null, spotlight: null, config: await asked('/api/config') });
    expect(data?.timelines.map((each) => each.name)).toEqual(['Our Family']);
    expect(data?.user.id).toBe(user.id);
    expect(timeline.id).toBeTruthy();
  });

  it("writes a timeline page's first memories and names its chunks; without an id, the default timeline's", async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, user);
    await makeMemory(t.ctx, user, { title: 'The wedding', timelineIds: [timeline.id] });
    const expected = await t.app.inject({ method: 'GET', url: `/api/timelines/${timeline.id}/memories?limit=20`, headers: { cookie } });
    for (const url of [`/timeline/${timeline.id}`, '/timeline', `/timeline/${timeline.id}?memoryId=x`]) {
      const { html, data } = await signedInPage(url, cookie);
      expect(data?.timelinePage).toEqual({ timelineId: timeline.id, page: expected.json() });
      expect(data?.timelinePage?.page.memories.map((memory) => memory.title)).toEqual(['The wedding']);
      for (const link of timelineLinks) expect(html).toContain(link);
    }
  });

  it("writes home's spotlight (issue 21 \"First load\"): the answer of its call, a memory the person may view, or none", async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, user);
    expect((await signedInPage('/', cookie)).data?.spotlight).toEqual({ memory: null });
    await makeMemory(t.ctx, user, { title: 'The wedding', timelineIds: [timeline.id] });
    const { user: stranger } = await makeUser(t.ctx);
    await makeMemory(t.ctx, stranger, { title: 'Not for strangers', timelineIds: [(await makeTimeline(t.ctx, stranger)).id] });
    const asked = await t.app.inject({ method: 'GET', url: '/api/memories/spotlight', headers: { cookie } });
    for (const url of ['/', '/?from=install']) {
      const { html, data } = await signedInPage(url, cookie);
      // One memory to choose from, so the random pick is the one the call answers.
      expect(data?.spotlight).toEqual({ memory: asked.json() });
      expect(data?.spotlight?.memory?.title).toBe('The wedding');
      expect(html).not.toContain('Not for strangers');
    }
    expect((await signedInPage(`/timeline/${timeline.id}`, cookie)).data?.spotlight).toBeNull();
  });

  it("writes no memories of a timeline the person is not a member of, and none of another person's", async () => {
    const { user: owner } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, owner);
    await makeMemory(t.ctx, owner, { title: 'Not for strangers', timelineIds: [timeline.id] });
    const { cookie } = await makeUser(t.ctx);
    const { html, data } = await signedInPage(`/timeline/${timeline.id}`, cookie);
    expect(data?.timelinePage).toBeNull();
    expect(html).not.toContain('Not for strangers');
  });

  it('escapes the data so no title can close the script element', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, user);
    const title = '</script><script>alert(1)</script> \u2028';
    await makeMemory(t.ctx, user, { title, timelineIds: [timeline.id] });
    const { html, data } = await signedInPage(`/timeline/${timeline.id}`, cookie);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(data?.timelinePage?.page.memories[0]?.title).toBe(title);
  });

  it('sends the plain page to a browser without a session, or with one that has ended', async () => {
    const signedOut = await get('/timeline/abc', 'br');
    expect(signedOut.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(signedOut.rawPayload).toString()).toBe(indexHtml);
    const otherCookie = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark' } });
    expect(otherCookie.body).toBe(indexHtml);
    const ended = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'sid=not-a-session' } });
    expect(ended.body).toBe(indexHtml);
  });

  it('sends a file that has no compressed sibling as it is, even to a brotli browser', async () => {
    const response = await get('/icons/icon.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('answers an unknown API path with the 404 message, not the page', async () => {
    const response = await get('/api/no-such-thing', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });
});
