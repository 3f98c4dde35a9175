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
import { precompress, SIGNED_IN_PAGE, signedInPage } from '../../vite.config.js';

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
};

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

  it('sends a signed-in browser the page that preloads the signed-in app, and a signed-out one the plain page', async () => {
    const { cookie } = await makeUser(t.ctx);
    const signedIn = await t.app.inject({ method: 'GET', url: '/timeline/abc', headers: { cookie, 'accept-encoding': 'br' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    expect(signedIn.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toBe(file(SIGNED_IN_PAGE).toString());
    expect(brotliDecompressSync(signedIn.rawPayload).toString()).toContain('/assets/SignedInApp-def456.js');

    const signedOut = await get('/timeline/abc', 'br');
    expect(signedOut.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(signedOut.rawPayload).toString()).toBe(indexHtml);
    const otherCookie = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark' } });
    expect(otherCookie.body).toBe(indexHtml);
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
