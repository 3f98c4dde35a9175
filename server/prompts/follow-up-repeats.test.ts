import { describe, expect, it } from 'vitest';
import { builtInFollowUp, followUpPool, storyPool } from './follow-up-engine.js';
import { normaliseQuestion, repeatsAny } from './follow-up-repeats.js';
import { generalQuestions } from './follow-up-vocabulary.js';

const memoryContent = 'Grandma Rose took us to Brighton in 1987, and we ate chips on the pier until the gulls chased us off.';

describe('the rule for a repeated question', () => {
  it('compares regardless of case, punctuation, quotes and spacing', () => {
    expect(normaliseQuestion('  What was your FIRST home like?! ')).toBe('what was your first home like');
    expect(repeatsAny('What was your first home like?', ['“what  was your first home, like”'])).toBe(true);
  });

  it('counts the same question in a few other words as a repeat', () => {
    expect(repeatsAny('What was your very first home like?', ['What was your first home like?'])).toBe(true);
    expect(repeatsAny('What was your first home like back then?', ['What was your first home like?'])).toBe(true);
  });

  it('lets through a different question, one quoting the prompt in a sentence of its own, and short lookalikes', () => {
    const prompt = 'What was your first home like?';
    expect(repeatsAny('Who else lived in your first home?', [prompt])).toBe(false);
    expect(repeatsAny(`You chose this story for “${prompt}”: what made it the one that came to mind?`, [prompt])).toBe(false);
    expect(repeatsAny('Who was there?', ['Who came there?'])).toBe(false);
    expect(repeatsAny('Anything?', [undefined, '', '  '])).toBe(false);
  });

  it('holds no two general questions of the engine for repeats of each other', () => {
    generalQuestions.forEach((question, index) => {
      expect(repeatsAny(question, generalQuestions.filter((_, other) => other !== index))).toBe(false);
    });
  });
});

describe('the built-in engine never asks back the prompt or the title', () => {
  it('skips its own best question when the story answers a prompt that says the same', () => {
    const best = followUpPool(memoryContent)[0]!;
    expect(best).toBe('What do you remember most about Grandma Rose?');
    const prompt = 'what do you remember MOST about Grandma Rose';
    const question = builtInFollowUp({ memoryContent, previousQuestions: [], prompt, title: prompt });
    expect(repeatsAny(question, [prompt])).toBe(false);
    expect(question).toBe(followUpPool(memoryContent)[1]);
  });

  it('skips a general question that is the prompt the story answers', () => {
    const prompt = 'What made you laugh that day?';
    const pool = storyPool(undefined, prompt);
    const asked = pool.slice(0, pool.indexOf(prompt));
    const question = builtInFollowUp({ memoryContent: '', previousQuestions: asked, prompt });
    expect(normaliseQuestion(question)).not.toBe(normaliseQuestion(prompt));
    expect(question).toBe(pool[pool.indexOf(prompt) + 1]);
  });

  it('asks 40 questions in a row about a tapped prompt, none the prompt nor a repeat of another', () => {
    const prompt = 'What was the weather like, and what were you wearing?';
    const story = { memoryContent: `${prompt}\n\nWe walked to the fair.`, title: prompt, prompt };
    const asked: string[] = [];
    for (let call = 0; call < 40; call++) {
      const question = builtInFollowUp({ ...story, previousQuestions: asked });
      expect(repeatsAny(question, [...asked, prompt])).toBe(false);
      asked.push(question);
    }
  });
});
