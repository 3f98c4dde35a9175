import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_PREVIOUS_MAX } from '../../common/limits.js';
import { builtInFollowUp, followUpPool, normaliseQuestion } from './follow-up-engine.js';
import { generalQuestions } from './follow-up-vocabulary.js';

const grandmaRose =
  'Grandma Rose took us to Brighton in 1987. We ate fish and chips on the pier and I was so proud of the sandcastle I built. ' +
  "Dad's car broke down on the way home, but I wasn't scared at all.";

describe('the built-in follow-up engine', () => {
  it("asks first about the memory's own person, place, year and feeling", () => {
    const asked: string[] = [];
    for (let call = 0; call < 4; call++) asked.push(builtInFollowUp({ memoryContent: grandmaRose, previousQuestions: asked }));
    expect(asked).toEqual([
      'What do you remember most about Grandma Rose?',
      'What did Brighton look, sound or smell like back then?',
      'How old were you in 1987, and what else was happening?',
      'Why do you think that moment made you feel proud?',
    ]);
    // A denied feeling is not asked about; Dad and the pier come up in the next round.
    const pool = followUpPool(grandmaRose);
    expect(pool.some((question) => question.includes('scared'))).toBe(false);
    expect(pool.slice(4, 6)).toEqual(['What do you remember most about Dad?', 'What did the pier look, sound or smell like back then?']);
  });

  it('asks about "my" relatives as "your", decades, occasions and months', () => {
    const pool = followUpPool('Every Christmas in the 1970s my late grandfather carved the turkey. In May we moved to the farm.');
    expect(pool).toEqual(
      expect.arrayContaining([
        'What do you remember most about your late grandfather?',
        'What did the farm look, sound or smell like back then?',
        'How did your family usually spend Christmas back then?',
        'What was life like for you in the 1970s?',
        'What else was happening in your life that May?',
      ]),
    );
  });

  it('never repeats a question across 30 calls that feed its answers back, and gives the same question for the same input', () => {
    const asked: string[] = [];
    for (let call = 0; call < 30; call++) {
      const question = builtInFollowUp({ memoryContent: grandmaRose, previousQuestions: asked });
      expect(builtInFollowUp({ memoryContent: grandmaRose, previousQuestions: [...asked] })).toBe(question);
      expect(asked.map(normaliseQuestion)).not.toContain(normaliseQuestion(question));
      expect(question).toMatch(/^[A-Z].*\?$/);
      asked.push(question);
    }
  });

  it('compares questions regardless of case, spacing and punctuation', () => {
    const question = builtInFollowUp({ memoryContent: grandmaRose, previousQuestions: ['  what do you REMEMBER most about grandma rose ' ] });
    expect(question).toBe('What did Brighton look, sound or smell like back then?');
  });

  it('still asks a good general question about an empty memory, and has a new one after the most questions allowed', () => {
    const first = builtInFollowUp({ memoryContent: '', previousQuestions: [] });
    expect(generalQuestions).toContain(first);
    const asked = generalQuestions.slice(0, FOLLOW_UP_PREVIOUS_MAX);
    const next = builtInFollowUp({ memoryContent: '   ', previousQuestions: asked });
    expect(asked).not.toContain(next);
    expect(new Set(generalQuestions.map(normaliseQuestion)).size).toBeGreaterThan(FOLLOW_UP_PREVIOUS_MAX);
  });
});
