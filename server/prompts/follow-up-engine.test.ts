import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_PREVIOUS_MAX } from '../../common/limits.js';
import { builtInFollowUp, followUpPool, storyPool } from './follow-up-engine.js';
import { normaliseQuestion } from './follow-up-repeats.js';
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

  describe('a story told by voice, with no text yet', () => {
    const title = 'Grandma Rose’s garden';
    const prompt = 'Where did you love to play as a child?';

    it("asks first about the title's own people, then about the title and the prompt it answers", () => {
      const asked: string[] = [];
      for (let call = 0; call < 4; call++) asked.push(builtInFollowUp({ memoryContent: '', previousQuestions: asked, title, prompt }));
      expect(asked).toEqual([
        'What do you remember most about Grandma Rose?',
        'What is the first thing you picture when you think of “Grandma Rose’s garden”?',
        'You chose this story for “Where did you love to play as a child?”: what made it the one that came to mind?',
        'Who else was part of “Grandma Rose’s garden”, and what were they like then?',
      ]);
    });

    it('asks about a title alone, without doubling its end mark, and about a prompt alone', () => {
      expect(builtInFollowUp({ memoryContent: ' ', previousQuestions: [], title: '  The day we moved!  ' })).toBe(
        'What is the first thing you picture when you think of “The day we moved”?',
      );
      expect(builtInFollowUp({ memoryContent: '', previousQuestions: [], prompt: 'What was your first job?' })).toBe(
        'You chose this story for “What was your first job?”: what made it the one that came to mind?',
      );
    });

    it('asks about a title that is a question as the prompt it answers, never as a name', () => {
      // The storyteller's page titles a story with the family's question; the app, with the prompt tapped.
      const question = 'What loss shaped you, and how do you carry that person with you now?';
      for (const prompt of [undefined, question, 'What made you laugh this week?']) {
        const pool = storyPool(question, prompt);
        expect(pool[0]).toBe(`You chose this story for “${question}”: what made it the one that came to mind?`);
        expect(pool.filter((each) => each.includes('“'))).toEqual([
          `You chose this story for “${question}”: what made it the one that came to mind?`,
          `Is there another moment that answers “${question}”, and how is it different from this one?`,
        ]);
      }
    });

    it('never repeats a question over 30 calls, every one a question, and gives the same one for the same input', () => {
      const asked: string[] = [];
      for (let call = 0; call < 30; call++) {
        const question = builtInFollowUp({ memoryContent: '', previousQuestions: asked, title, prompt });
        expect(builtInFollowUp({ memoryContent: '', previousQuestions: [...asked], title, prompt })).toBe(question);
        expect(asked.map(normaliseQuestion)).not.toContain(normaliseQuestion(question));
        expect(question).toMatch(/^[A-Z].*\?$/);
        asked.push(question);
      }
      // Past the questions about the story come the general ones.
      expect(asked.some((question) => (generalQuestions as readonly string[]).includes(question))).toBe(true);
    });

    it('asks from the text when there is some, whatever the title says', () => {
      expect(builtInFollowUp({ memoryContent: grandmaRose, previousQuestions: [], title: 'The day we moved', prompt })).toBe(
        'What do you remember most about Grandma Rose?',
      );
    });

    it('does not quote a title too long to read inside a question, and still asks', () => {
      const long = 'A '.repeat(100) + 'very long title';
      const pool = storyPool(long, undefined);
      expect(pool.some((question) => question.includes('“'))).toBe(false);
      expect(generalQuestions).toContain(pool[0]);
    });
  });
});
