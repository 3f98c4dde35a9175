import { describe, expect, it } from 'vitest';
import { MEMORY_TITLE_MAX } from './limits.js';
import { createMemoryFields } from './memories.js';
import { enterPastedTitle, enterTitle, notesWithTitleRest, titleHint } from './title-rules.js';

describe('the title field', () => {
  it('says the ceiling until 20 are left, then counts down to none', () => {
    expect(MEMORY_TITLE_MAX).toBe(200);
    expect(titleHint('')).toBe('Up to 200 characters');
    expect(titleHint('a'.repeat(179))).toBe('Up to 200 characters');
    expect(titleHint('a'.repeat(180))).toBe('20 characters left');
    expect(titleHint('a'.repeat(188))).toBe('12 characters left');
    expect(titleHint('a'.repeat(199))).toBe('1 character left');
    expect(titleHint('a'.repeat(200))).toBe('0 characters left');
  });

  it('keeps a title up to the ceiling as typed, and cuts a longer one there without splitting an emoji', () => {
    expect(enterTitle('  Summer at the lake ')).toEqual({ title: '  Summer at the lake ', cut: false, rest: '' });
    expect(enterTitle('a'.repeat(200))).toEqual({ title: 'a'.repeat(200), cut: false, rest: '' });
    const pasted = enterTitle('b'.repeat(700));
    expect(pasted).toEqual({ title: 'b'.repeat(200), cut: true, rest: 'b'.repeat(500) });
    // What the field keeps, the server takes; one character more it refuses.
    expect(createMemoryFields.shape.title.safeParse(pasted.title).success).toBe(true);
    expect(createMemoryFields.shape.title.safeParse(`${pasted.title}b`).success).toBe(false);
    const emojiAtTheEdge = enterTitle(`${'c'.repeat(199)}🎉 and more`);
    expect(emojiAtTheEdge).toEqual({ title: 'c'.repeat(199), cut: true, rest: '🎉 and more' });
  });

  it('puts what did not fit at the start of the notes, a blank line before what they held', () => {
    expect(notesWithTitleRest(' and then it rained.', '')).toBe('and then it rained.');
    expect(notesWithTitleRest(' and then it rained.', 'We laughed.')).toBe('and then it rained.\n\nWe laughed.');
    expect(notesWithTitleRest('   ', 'We laughed.')).toBe('We laughed.');
  });

  it('cuts a paste whose rest moves to the notes between words, unless the only space is in the first half', () => {
    const words = `${'word '.repeat(39)}wedding day`; // 195 + 11 characters: 'wedding' crosses 200
    expect(enterPastedTitle(words)).toEqual({ title: 'word '.repeat(39).trimEnd(), cut: true, rest: ' wedding day' });
    expect(enterPastedTitle(`${'a'.repeat(200)} rest`)).toEqual({ title: 'a'.repeat(200), cut: true, rest: ' rest' });
    expect(enterPastedTitle(`ab ${'c'.repeat(300)}`)).toEqual({ title: `ab ${'c'.repeat(197)}`, cut: true, rest: 'c'.repeat(103) });
    expect(enterPastedTitle('short')).toEqual({ title: 'short', cut: false, rest: '' });
  });
});
