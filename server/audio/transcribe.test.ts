import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formBody, type FormPart } from '../media/test-support.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { leftoverRecordings, oggRecording, streamedRecordingForm, wavRecording, webmRecording } from './test-recordings.js';

const audioPart = (data: Buffer, filename = 'recording.webm', type = 'audio/webm'): FormPart => ({ name: 'audio', filename, type, data });

describe.each(dialects)('POST /api/audio/transcribe on %s', (dialect) => {
  let t: TestApp;
  let stt: TestTranscriptionServer;
  let cookie: string;
  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
    t = await makeTestApp(dialect, { env: { TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test', TRANSCRIBE_API_KEY: 'sk-stt-test' } });
    ({ cookie } = await makeUser(t.ctx));
  });
  afterAll(async () => {
    await t?.close();
    await stt.close();
  });
  beforeEach(() => {
    stt.received.length = 0;
  });
  // A leak fails the test that made it, not every test after it.
  afterEach(() => {
    for (const name of leftoverRecordings()) rmSync(join(tmpdir(), name), { force: true });
  });

  const transcribe = async (parts: FormPart[], headers: Record<string, string> = { cookie }) => {
    const form = await formBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/audio/transcribe', payload: form.payload, headers: { ...form.headers, ...headers } });
  };

  it('sends a WAV recording to {TRANSCRIBE_URL}/audio/transcriptions with the model and key, and answers the trimmed text', async () => {
    stt.reply = { kind: 'text', text: '  Grandma Rose took us to Brighton in 1987.  \n' };
    const wav = wavRecording();
    // The declared name and type are the browser's guess; the bytes decide.
    const response = await transcribe([{ name: 'note', value: 'ignored' }, audioPart(wav, 'voice', 'application/octet-stream')]);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ transcription: 'Grandma Rose took us to Brighton in 1987.' });
    expect(stt.received).toHaveLength(1);
    const [sent] = stt.received;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/audio/transcriptions', fields: { model: 'whisper-test' } });
    expect(sent!.headers.authorization).toBe('Bearer sk-stt-test');
    expect(sent!.file).toMatchObject({ name: 'recording.wav', type: 'audio/wav' });
    expect(sent!.file!.bytes.equals(wav)).toBe(true);
    expect(leftoverRecordings()).toEqual([]);
  });

  it.each([
    ['WebM', webmRecording(), 'recording.webm'],
    ['Ogg', oggRecording(), 'recording.ogg'],
  ])('takes a %s recording and names it for the service by its bytes', async (_, bytes, name) => {
    stt.reply = { kind: 'text', text: 'Hello' };
    const response = await transcribe([audioPart(bytes, 'clip.bin')]);
    expect(response.statusCode).toBe(200);
    expect(stt.received[0]!.file!.name).toBe(name);
    expect(stt.received[0]!.file!.bytes.equals(bytes)).toBe(true);
  });

  it.each([
    ['answers HTTP 500', { kind: 'status', status: 500 } as const],
    ['answers without text', { kind: 'raw', body: '{"transcript":"Hello"}' } as const],
    ['answers something that is not JSON', { kind: 'raw', body: '<html>Bad gateway</html>' } as const],
  ])("answers 502 'Transcription failed' when the service %s, leaving no temp file", async (_, reply) => {
    stt.reply = reply;
    const response = await transcribe([audioPart(wavRecording())]);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Transcription failed' });
    expect(stt.received).toHaveLength(1);
    expect(leftoverRecordings()).toEqual([]);
  });

  it('refuses a text file named .webm with 400, without calling the service', async () => {
    const response = await transcribe([audioPart(Buffer.from('Dear diary, today we went to Brighton.\n'.repeat(200)), 'diary.webm')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please send an audio recording (WebM, Ogg, MP4/M4A, MP3 or WAV)' });
    expect(stt.received).toHaveLength(0);
    expect(leftoverRecordings()).toEqual([]);
  });

  it('refuses a request without a recording in the audio field with 400', async () => {
    const response = await transcribe([{ name: 'recording', filename: 'a.wav', type: 'audio/wav', data: wavRecording() }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please send the recording in the audio field' });
    expect(stt.received).toHaveLength(0);
  });

  it('refuses a 51 MB recording with 413, leaving no temp file and not calling the service', async () => {
    const form = streamedRecordingForm(wavRecording(), 51 * 1024 * 1024);
    const response = await t.app.inject({ method: 'POST', url: '/api/audio/transcribe', payload: form.payload, headers: { ...form.headers, cookie } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Audio recordings must be 50 MB or smaller' });
    expect(stt.received).toHaveLength(0);
    expect(leftoverRecordings()).toEqual([]);
  });

  it('answers 401 to a signed-out caller', async () => {
    const response = await transcribe([audioPart(wavRecording())], {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    expect(stt.received).toHaveLength(0);
  });
});
