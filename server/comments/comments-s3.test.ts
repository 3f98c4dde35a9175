// Voice comments with the media in an S3 bucket (s3rver): the recording goes to the bucket,
// comes back through the access check and a presigned GET, is transcribed from the bucket,
// and leaves it with its comment; a refused recording leaves nothing there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { webmRecording } from '../audio/test-recordings.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeUser, type MadeUser } from '../test/factories.js';
import { contentPart, voicePart } from './test-support.js';

describe.each(dialects)('voice comments with S3 storage (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let stt: TestTranscriptionServer;
  let t: TestApp;
  let creator: MadeUser, viewer: MadeUser, stranger: MadeUser;
  let memory: { id: string };
  beforeAll(async () => {
    [peer, stt] = await Promise.all([startS3Peer(), startTestTranscriptionServer()]);
    t = await makeTestApp(dialect, { env: { ...peer.env, TRANSCRIBE_URL: stt.url } });
    [creator, viewer, stranger] = (await Promise.all([1, 2, 3].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser];
    memory = await makeMemory(t.ctx, creator.user, { sharedWith: [viewer.user] });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([peer.close(), stt.close()]);
  });

  const post = async (parts: FormPart[]) => {
    const form = await formBody(parts);
    return t.app.inject({ method: 'POST', url: `/api/memories/${memory.id}/comments`, payload: form.payload, headers: { ...form.headers, cookie: viewer.cookie } });
  };

  it('keeps the recording in the bucket, serves it to viewers only, transcribes it from there, and deleting the comment empties the bucket', async () => {
    stt.reply = { kind: 'text', text: 'We danced in the kitchen.' };
    const webm = webmRecording();
    const response = await post([voicePart(webm)]);
    expect(response.statusCode).toBe(201);
    const comment = response.json();
    const key = comment.audioUrl.slice('/uploads/'.length);
    expect(await peer.listAll()).toEqual([key]);

    const redirect = await t.app.inject({ method: 'GET', url: comment.audioUrl, headers: { cookie: creator.cookie } });
    expect(redirect.statusCode).toBe(302);
    const fetched = await fetch(redirect.headers.location as string);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(webm)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: comment.audioUrl, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    await t.settleJobs();
    expect((await t.ctx.db.selectFrom('comments').select('transcription').where('id', '=', comment.id).executeTakeFirstOrThrow()).transcription).toBe('We danced in the kitchen.');
    expect(stt.received.at(-1)!.file!.bytes.equals(webm)).toBe(true);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/comments/${comment.id}`, headers: { cookie: viewer.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(await peer.listAll()).toEqual([]);
  });

  it('leaves nothing in the bucket when the recording is refused', async () => {
    const response = await post([contentPart('Hello'), voicePart(Buffer.from('not a recording at all '.repeat(50)))]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.audioTypeRefused }]);
    expect(await peer.listAll()).toEqual([]);
  });
});
