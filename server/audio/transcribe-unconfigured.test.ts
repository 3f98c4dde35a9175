// Its own file: one app per file, since a second PostgreSQL test schema in the same process
// does not migrate (kysely finds the first schema's migration tables and skips its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { leftoverRecordings, streamedRecordingForm, wavRecording } from './test-recordings.js';

describe.each(dialects)('POST /api/audio/transcribe without TRANSCRIBE_URL on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ({ cookie } = await makeUser(t.ctx));
  });
  afterAll(() => t?.close());

  it("answers 503 'Transcription is not configured', reading nothing into a temp file", async () => {
    const form = await formBody([{ name: 'audio', filename: 'recording.wav', type: 'audio/wav', data: wavRecording(2) }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/audio/transcribe', payload: form.payload, headers: { ...form.headers, cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Transcription is not configured' });
    expect(leftoverRecordings()).toEqual([]);
  });

  it('answers only once the whole upload has arrived, over a real connection', async () => {
    // Answered mid-upload, a client may see a reset, and the half-read connection would
    // outlive the answer and hold up a graceful shutdown.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = streamedRecordingForm(wavRecording(), 20 * 1024 * 1024);
    let uploaded = false;
    form.payload.on('end', () => (uploaded = true));
    const response = await fetch(`${address}/api/audio/transcribe`, {
      method: 'POST',
      body: form.payload as unknown as BodyInit,
      headers: { ...form.headers, cookie },
      duplex: 'half',
    } as RequestInit);
    expect(uploaded).toBe(true);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Transcription is not configured' });
  });
});
