import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { createTranscriber } from '../providers/ai/index.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { transcribeRecording } from './service.js';
import { leftoverRecordings, wavRecording } from './test-recordings.js';

// The route builds its transcriber with the production time limit (120 s), so the limit is
// tested here, on the service, with a transcriber built with a short one.
describe('transcribing a recording when the service does not answer', () => {
  let stt: TestTranscriptionServer;
  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
  });
  afterAll(() => stt.close());

  it("gives up at the time limit with 502 'Transcription failed' and removes the temp file", async () => {
    stt.reply = { kind: 'hang' };
    const transcriber = createTranscriber({ transcribe: { url: stt.url, model: 'whisper-test' } }, { timeoutMs: 200 });
    const started = Date.now();
    const failure = transcribeRecording({ transcriber }, Readable.from([wavRecording()]));
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ statusCode: 502, message: 'Transcription failed' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The upload did reach the service: it was the answer that never came.
    expect(stt.received).toHaveLength(1);
    expect(leftoverRecordings()).toEqual([]);
  });
});
