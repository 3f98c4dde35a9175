// Issue 22: a query asks again every 3 s while what it holds has words on their way, and not
// otherwise. The hooks that use this rule are tested with their queries beside them.
import { describe, expect, it } from 'vitest';
import type { FollowUpResponse } from '../../../common/memories';
import { voicedMemory } from '../test/voicedMemory';
import { commentAwaitsWords, memoryAwaitsWords, pollWhileWordsAwaited, WORDS_POLL_MS } from './wordsPolling';

const answer = (transcriptionStatus: FollowUpResponse['transcriptionStatus']): FollowUpResponse => ({
  question: 'Who cooked?',
  answer: 'Audio response (no transcription available)',
  audioUrl: '/uploads/a.webm',
  audioDuration: 3,
  transcriptionStatus,
});

describe('words awaited', () => {
  it("by a memory whose voice is 'queued' or 'working'", () => {
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'queued' }))).toBe(true);
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'working' }))).toBe(true);
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'done' }))).toBe(false);
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'failed' }))).toBe(false);
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'none' }))).toBe(false);
  });

  it('by a memory with one spoken answer still awaiting its words', () => {
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'done', followUpResponses: [answer('done'), answer('working')] }))).toBe(true);
    expect(memoryAwaitsWords(voicedMemory({ transcriptionStatus: 'done', followUpResponses: [answer('done'), answer('failed')] }))).toBe(false);
  });

  it('by a voice comment on its way', () => {
    expect(commentAwaitsWords({ transcriptionStatus: 'queued' })).toBe(true);
    expect(commentAwaitsWords({ transcriptionStatus: 'done' })).toBe(false);
  });
});

describe('the refetch interval', () => {
  const interval = pollWhileWordsAwaited(memoryAwaitsWords);
  it('is 3 s while the data holds words on their way', () => {
    expect(WORDS_POLL_MS).toBe(3000);
    expect(interval({ state: { data: voicedMemory({ transcriptionStatus: 'working' }) } })).toBe(3000);
  });
  it('is off once none is, and before any data', () => {
    expect(interval({ state: { data: voicedMemory({ transcriptionStatus: 'done' }) } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });
});
