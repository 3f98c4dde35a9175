import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from './test/app.js';

describe.each(dialects)('health and docs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers /healthz once the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('describes the API at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/user', '/api/user']));
  });

  it('tells the web its public settings at /api/config, and nothing more', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    // DESIGN "Voice is never dropped": the default self-hosted install has no transcription service.
    expect(response.json()).toEqual({ feedbackUrl: 'mailto:?subject=Heirloom%20feedback', transcriptionAvailable: false });
  });

  it('says transcription is available once TRANSCRIBE_URL is set, sending nothing to the service to say so', async () => {
    const configured = await makeTestApp(dialect, { env: { TRANSCRIBE_URL: 'http://127.0.0.1:9/v1', TRANSCRIBE_MODEL: 'whisper-test' } });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ feedbackUrl: 'mailto:?subject=Heirloom%20feedback', transcriptionAvailable: true });
    } finally {
      await configured.close();
    }
  });

  it('answers unknown API paths with 404 {message}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
