import { describe, expect, it } from 'vitest';
import { drawPair, drawPrompt, promptLibrary, type PromptPair } from './engine.js';

const none = new Set<string>();
const nothingServed = { lookingBack: none, lookingForward: none };
const today = { userId: 'user-1', timelineId: '', day: '2025-03-14' };
const previous: PromptPair = { lookingBack: promptLibrary.lookingBack[0]!, lookingForward: promptLibrary.lookingForward[0]! };

describe('the built-in prompt engine', () => {
  it('gives the same pair for the same user, timeline, day and history', () => {
    const first = drawPair({ ...today, served: nothingServed, previous: null });
    const again = drawPair({ ...today, served: nothingServed, previous: null });
    expect(again).toEqual(first);
    expect(promptLibrary.lookingBack).toContain(first.pair.lookingBack);
    expect(promptLibrary.lookingForward).toContain(first.pair.lookingForward);
  });

  it('varies the pair with the user, the timeline and the day', () => {
    const pairs = [
      today,
      { ...today, userId: 'user-2' },
      { ...today, timelineId: 'timeline-1' },
      { ...today, day: '2025-03-15' },
    ].map((key) => drawPair({ ...key, served: nothingServed, previous: null }).pair.lookingBack);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('serves every prompt of a pool once before any prompt comes back, then starts a new cycle', () => {
    const pool = promptLibrary.lookingForward;
    const served = new Set<string>();
    let previous = '';
    for (let draw = 0; draw < pool.length; draw++) {
      const next = drawPrompt({ pool, served, avoid: new Set([previous]), seed: `user-1\n\n2025-03-14\nlookingForward` });
      expect(next.newCycle).toBe(false);
      expect(served.has(next.prompt)).toBe(false);
      served.add(next.prompt);
      previous = next.prompt;
    }
    expect(served).toEqual(new Set(pool));

    const restart = drawPrompt({ pool, served, avoid: new Set([previous]), seed: 'user-1\n\n2025-03-15\nlookingForward' });
    expect(restart.newCycle).toBe(true);
    expect(restart.prompt).not.toBe(previous);
  });

  it.each([
    ['everything has been served', () => true],
    ['only the replaced prompts are left unserved', (prompt: string) => prompt !== previous.lookingBack && prompt !== previous.lookingForward],
  ])('never gives back either prompt of the pair being replaced when %s', (_, wasServed) => {
    const served = {
      lookingBack: new Set(promptLibrary.lookingBack.filter(wasServed)),
      lookingForward: new Set(promptLibrary.lookingForward.filter(wasServed)),
    };
    for (const day of ['2025-03-14', '2025-03-15', '2025-03-16', '2025-03-17']) {
      const { pair, draws } = drawPair({ ...today, day, served, previous });
      expect(pair.lookingBack).not.toBe(previous.lookingBack);
      expect(pair.lookingForward).not.toBe(previous.lookingForward);
      expect(draws.lookingBack.newCycle).toBe(true);
      expect(draws.lookingForward.newCycle).toBe(true);
    }
  });
});
