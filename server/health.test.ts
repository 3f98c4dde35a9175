import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, makeTestApp, type TestApp } from './test/app.js';

/** `/api/memories/:id` as OpenAPI writes it, `/api/memories/{id}`; the media wildcard as `{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe.each(dialects)('health and docs on %s', (dialect) => {
  let t: TestApp;
  /** `get /api/memories/{id}`, for every route the app registered; HEAD twins are not described. */
  const registered: string[] = [];
  beforeAll(async () => {
    t = await makeTestApp(dialect, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method.toLowerCase()} ${openApiPath(route.url)}`);
      },
    });
  });
  afterAll(() => t.close());

  it('answers /healthz once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('describes every registered route at /api/docs, and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    const described = Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(registered).toEqual(expect.arrayContaining(['post /api/auth/register', 'get /api/memories/{id}', 'get /uploads/{*}', 'get /api/docs']));
    expect(registered.filter((route) => !described.includes(route)), 'routes missing from /api/docs').toEqual([]);
    expect(described.filter((route) => !registered.includes(route)), 'routes in /api/docs the app does not register').toEqual([]);
  });

  it('tells the web its public settings at /api/config, and nothing more', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    // DESIGN "Voice is never dropped": the default self-hosted install has no transcription
    // engine until a model is fetched (its data folder here has none).
    expect(response.json()).toEqual({
      feedbackUrl: 'mailto:?subject=Heirloom%20feedback',
      transcriptionAvailable: false,
      transcription: { engine: 'none', model: null },
      mail: { enabled: false },
    });
  });

  it('says transcription is available once TRANSCRIBE_URL is set, sending nothing to the service to say so', async () => {
    const configured = await makeTestApp(dialect, { env: { TRANSCRIBE_URL: 'http://127.0.0.1:9/v1', TRANSCRIBE_MODEL: 'whisper-test' } });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        feedbackUrl: 'mailto:?subject=Heirloom%20feedback',
        transcriptionAvailable: true,
        transcription: { engine: 'service', model: 'whisper-test' },
        mail: { enabled: false },
      });
    } finally {
      await configured.close();
    }
  });

  it('says there is no engine when TRANSCRIBE is off, even with TRANSCRIBE_URL set', async () => {
    const off = await makeTestApp(dialect, { env: { TRANSCRIBE: 'off', TRANSCRIBE_URL: 'http://127.0.0.1:9/v1' } });
    try {
      const response = await off.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toMatchObject({ transcriptionAvailable: false, transcription: { engine: 'none', model: null } });
    } finally {
      await off.close();
    }
  });

  it('closes its transcriber as the app closes (the local engine gives its child process back)', async () => {
    const closing = await makeTestApp(dialect, { env: { TRANSCRIBE_URL: 'http://127.0.0.1:9/v1' } });
    const close = vi.spyOn(closing.ctx.ai.transcriber, 'close');
    await closing.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('answers unknown API paths with 404 {message}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
