// The detail's notes leave out the 'Q: … A: …' blocks its follow-up list already shows, and
// keep everything else the person wrote.
import { describe, expect, it } from 'vitest';
import { contentWithFollowUps } from '../../../../../common/memories-rules';
import { notesWithoutListedAnswers } from './followUpNotes';

const pairs = [
  { question: 'Who cooked?', answer: 'Aunt May, all day.' },
  { question: 'What was the best dish?', answer: 'Audio response (no transcription available)' },
];

describe('notesWithoutListedAnswers', () => {
  it('keeps the notes and drops the blocks the list shows, as the wizard wrote them', () => {
    expect(notesWithoutListedAnswers(contentWithFollowUps('We ate outside.', pairs), pairs)).toBe('We ate outside.');
  });

  it('is empty when the content held only the answers', () => {
    expect(notesWithoutListedAnswers(contentWithFollowUps('', pairs), pairs)).toBe('');
  });

  it('keeps a block the owner has since edited, and text written after the answers', () => {
    const edited = 'We ate outside.\n\nQ: Who cooked?\nA: Aunt May and Uncle Bill.\n\nQ: What was the best dish?\nA: Audio response (no transcription available)\n\nA lovely day.';
    expect(notesWithoutListedAnswers(edited, pairs)).toBe('We ate outside.\n\nQ: Who cooked?\nA: Aunt May and Uncle Bill.\n\nA lovely day.');
  });

  it('leaves content alone when there are no listed answers', () => {
    expect(notesWithoutListedAnswers('  Just notes.\n', [])).toBe('  Just notes.\n');
  });
});
