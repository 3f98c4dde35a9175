// Issue 23: /tell/{token} answers the storyteller's page (the build's tell.html) for any token
// and any caller, with no page data written in and no cookie set, kept by no cache, sending no
// referrer and not indexed (DESIGN "Storytellers (no account)").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { precompress } from '../../vite.config.js';

const tellHtml = `<!doctype html><html lang="en"><head><meta name="robots" content="noindex, nofollow"><title>Heirloom</title>
    <script type="module" crossorigin src="/assets/tell-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;

/** A web root as the build leaves it: both pages, and their precompressed siblings. */
function builtWebRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-tell-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Heirloom</title>');
  writeFileSync(join(dir, 'index.signed-in.html'), '<!doctype html><head><title>Heirloom</title></head>');
  writeFileSync(join(dir, 'tell.html'), tellHtml);
  const plugin = precompress() as Plugin;
  (plugin.configResolved as (config: unknown) => void)({ root: dir, build: { outDir: '.' } });
  (plugin.closeBundle as () => void)();
  return dir;
}

describe.each(dialects)('the storyteller page on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  let member: MadeUser;
  beforeAll(async () => {
    webRoot = builtWebRoot();
    t = await makeTestApp(dialect, { webRoot });
    member = await makeUser(t.ctx);
    await makeTimeline(t.ctx, member.user);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  function expectTellHeaders(headers: Record<string, unknown>) {
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['set-cookie']).toBeUndefined();
  }

  it('answers tell.html, whatever the token, never stored, with no referrer, not indexed and no cookie', async () => {
    for (const token of ['a'.repeat(43), 'not-a-link', 'revoked_or_unknown-0123456789']) {
      const response = await t.app.inject({ method: 'GET', url: `/tell/${token}` });
      expect(response.statusCode, token).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(tellHtml);
      expectTellHeaders(response.headers);
    }
  });

  it("writes no signed-in page data into it for a member's browser, and sets no cookie", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tell/some-token', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(tellHtml);
    expectTellHeaders(response.headers);
  });

  it('sends its brotli sibling to a browser that accepts it, still never stored', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tell/some-token', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(tellHtml);
    expectTellHeaders(response.headers);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/tell/some-token' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expectTellHeaders(response.headers);
  });

  it('leaves every other page to the app: /tell alone is the app, not the storyteller page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tell' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(readFileSync(join(webRoot, 'index.html'), 'utf8'));
  });
});

describe.each(dialects)('without a built storyteller page on %s', (dialect) => {
  it("answers 404 {message}, with the link's headers", async () => {
    const t = await makeTestApp(dialect);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/tell/some-token' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await t.close();
    }
  });
});
