// Issue 26 "Offline": the service worker is served like any page file, asked again each time
// (a browser checks it for a new version whenever the app opens, and a stored copy would hold
// back every update), and the Content Security Policy lets this origin's worker run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';

const workerJs = `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`;

describe.each(dialects)('the service worker on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'heirloom-sw-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Heirloom</title>');
    writeFileSync(join(webRoot, 'sw.js'), workerJs);
    t = await makeTestApp(dialect, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends /sw.js as a script at the root, never stored without asking (no-cache)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(workerJs);
  });

  it("lets the page register this origin's worker (worker-src 'self') and read the manifest", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/worker-src 'self'(;|$)/);
    expect(policy).toMatch(/manifest-src 'self'(;|$)/);
  });
});
