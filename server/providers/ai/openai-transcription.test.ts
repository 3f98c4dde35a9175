import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTranscriber, TranscriptionError } from './index.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from './test-transcription-server.js';

// Not a real recording: the driver forwards bytes, it never looks at them.
const recording = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt some audio bytes \u0000\u0001\u00ff', 'latin1');
const request = () => ({ audio: new Blob([new Uint8Array(recording)], { type: 'audio/wav' }), filename: 'recording.wav' });

describe('the transcription provider', () => {
  let server: TestTranscriptionServer;
  beforeAll(async () => {
    server = await startTestTranscriptionServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.received.length = 0;
  });

  const transcriber = (apiKey?: string, timeoutMs = 2_000) => createTranscriber({ transcribe: { url: server.url, apiKey, model: 'whisper-test' } }, { timeoutMs });

  it('posts the file and model as multipart to {TRANSCRIBE_URL}/audio/transcriptions with the key as a Bearer token, and trims the text', async () => {
    server.reply = { kind: 'text', text: '  We went to Brighton in 1987.\n' };
    await expect(transcriber('sk-transcribe').transcribe(request())).resolves.toBe('We went to Brighton in 1987.');

    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/audio/transcriptions', fields: { model: 'whisper-test' } });
    expect(sent!.headers.authorization).toBe('Bearer sk-transcribe');
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.file!.name).toBe('recording.wav');
    expect(sent!.file!.bytes.equals(recording)).toBe(true);
  });

  it('sends no Authorization header without a key and tolerates a trailing slash', async () => {
    server.reply = { kind: 'text', text: '' };
    const plain = createTranscriber({ transcribe: { url: `${server.url}/`, model: 'whisper-test' } });
    await expect(plain.transcribe(request())).resolves.toBe('');
    expect(server.received[0]!.path).toBe('/v1/audio/transcriptions');
    expect(server.received[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['an HTTP 500', { kind: 'status', status: 500 } as const, /HTTP 500/],
    ['a body that is not JSON', { kind: 'raw', body: 'We went to Brighton' } as const, /no JSON/],
    ['JSON without text', { kind: 'raw', body: '{"transcript": "We went"}' } as const, /without text/],
  ])('rejects with TranscriptionError on %s', async (_, reply, message) => {
    server.reply = reply;
    const failure = transcriber().transcribe(request());
    await expect(failure).rejects.toBeInstanceOf(TranscriptionError);
    await expect(failure).rejects.toThrow(message);
  });

  it('gives up after the time limit when the service does not answer', async () => {
    server.reply = { kind: 'hang' };
    const started = Date.now();
    await expect(transcriber(undefined, 150).transcribe(request())).rejects.toThrow(/did not answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("builds the 'none' driver when TRANSCRIBE_URL is unset, which refuses without sending anything", async () => {
    const none = createTranscriber({});
    expect(none.driver).toBe('none');
    await expect(none.transcribe(request())).rejects.toBeInstanceOf(TranscriptionError);
    expect(server.received).toHaveLength(0);
  });
});
