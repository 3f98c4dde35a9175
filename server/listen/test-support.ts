// Test helpers for listen codes: a memory with a voice and spoken answers made as the capture
// wizard sends it, and the world's listen code for the authorization table.
import { Readable } from 'node:stream';
import { formBody } from '../media/test-support.js';
import { audioFile, followUpAudioFile, memoryFields, wavBytes } from '../memories/test-support.js';
import { messages } from '../../common/messages.js';
import { newMediaKey } from '../providers/storage/index.js';
import type { TestApp } from '../test/app.js';
import { makeMemory, type MadeUser } from '../test/factories.js';
import type { RouteRequest, World } from '../test/route-table-test-support.js';
import { listenUrlFor } from './index.js';

export interface VoiceStory {
  id: string;
  /** The bytes of the memory's voice, then of each spoken answer, as sent. */
  recordings: Buffer[];
}

/**
 * POST /api/memories as the wizard sends a spoken story: its voice, a typed answer (which plays
 * nothing) and two spoken ones, on `timelineId`, shared with `sharedWith`.
 */
export async function postVoiceStory(t: TestApp, creator: MadeUser, { title, timelineId, sharedWith = [] }: { title: string; timelineId: string; sharedWith?: string[] }): Promise<VoiceStory> {
  const recordings = [wavBytes(16_000), wavBytes(4_000), wavBytes(6_000)];
  const responses = [
    { question: 'Who was there?', answer: 'All the cousins', hasAudio: false },
    { question: 'What did you eat?', answer: messages.audioAnswerNoTranscription, hasAudio: true },
    { question: 'Where did you sleep?', answer: messages.audioAnswerNoTranscription, hasAudio: true },
  ];
  const { payload, headers } = await formBody([
    ...memoryFields({ title, content: 'We went every summer.', timelineIds: [timelineId], sharedWith, followUpResponses: responses }),
    audioFile(recordings[0]!),
    followUpAudioFile(recordings[1]!),
    followUpAudioFile(recordings[2]!),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
  if (response.statusCode !== 201) throw new Error(`The story was not saved: ${response.statusCode} ${response.body}`);
  return { id: response.json<{ id: string }>().id, recordings };
}

/** The token of a `PUBLIC_URL/listen/{token}` address. */
export const tokenOf = (url: string): string => new URL(url).pathname.split('/').pop()!;

const worldCodes = new WeakMap<World, Promise<string>>();

/**
 * The world's listen code: a memory of the owner's own (filed nowhere, shared with nobody, so no
 * other row's answer changes) with a recording in the store, and the code a book would print.
 */
function worldCode(w: World): Promise<string> {
  let code = worldCodes.get(w);
  if (!code) {
    code = (async () => {
      const { ctx } = w.t;
      const memory = await makeMemory(ctx, w.people.owner.user, { title: 'The wedding song' });
      const key = newMediaKey('audio', 'wav');
      await ctx.media.put(key, Readable.from([wavBytes(2_000)]), { contentType: 'audio/wav' });
      await ctx.db.updateTable('memories').set({ audio_key: key }).where('id', '=', memory.id).execute();
      return tokenOf(await listenUrlFor(ctx, ctx.db, memory.id, w.people.owner.user.id));
    })();
    worldCodes.set(w, code);
  }
  return code;
}

/** A call under the world's listen code, the same for every persona: the code is the credential. */
export async function listenCall(w: World, path: (token: string) => string): Promise<RouteRequest> {
  return { url: path(await worldCode(w)) };
}
