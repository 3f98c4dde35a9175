// issue 10 "Matches are highlighted": the words of memories §5's rule (searchWords), marked
// wherever they appear inside the text, whatever its case; the snippet shows a match.
import { describe, expect, it } from 'vitest';
import { searchWords } from '../../../../common/search';
import { highlightParts, matchSnippet } from './highlight';

const marked = (text: string, query: string) =>
  highlightParts(text, searchWords(query))
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');

describe('highlightParts', () => {
  it.each([
    ['a substring inside a word', 'My Grandmother’s garden', 'gran', 'My [Gran]dmother’s garden'],
    ['every word, in any case', 'Lake trip with GRANDPA', 'lake grandpa', '[Lake] trip with [GRANDPA]'],
    ['every occurrence', 'cake, more cake', 'cake', '[cake], more [cake]'],
    ['overlapping words as one mark', 'grandmother', 'grand andmo', '[grandmo]ther'],
    ['adjacent words as one mark', 'sunflower', 'sun flower', '[sunflower]'],
    ['one-letter words left out, as the rule does', 'a cat and a hat', 'a hat', 'a cat and a [hat]'],
    ['accents kept as typed', 'Café and cafe', 'café', '[Café] and cafe'],
    ['no match leaves the text whole', 'Summer', 'winter', 'Summer'],
  ])('%s', (_case, text, query, expected) => {
    expect(marked(text, query)).toBe(expected);
  });

  it('marks the characters typed even where lower-casing lengthens one (İ)', () => {
    // 'İ'.toLowerCase() is two code units: the mark must still cover 'İstanbul', not shift.
    expect(marked('Trip to İstanbul, then Izmir', 'stanbul izmir')).toBe('Trip to İ[stanbul], then [Izmir]');
    expect(marked('İİ trip', 'trip')).toBe('İİ [trip]');
  });

  it('gives back an empty text as one plain part', () => {
    expect(highlightParts('', ['cake'])).toEqual([{ text: '', match: false }]);
  });
});

describe('matchSnippet', () => {
  const long = `${'We drove for hours along the coast. '.repeat(6)}Then grandmother told the story of the lighthouse keeper.`;

  it('shows the first match of a long transcription, cut with "..." on both sides', () => {
    const snippet = matchSnippet({ transcription: `${long} ${'More driving. '.repeat(10)}`, content: '' }, ['lighthouse'], 100);
    expect(snippet).toMatch(/^\.\.\./);
    expect(snippet).toMatch(/\.\.\.$/);
    expect(snippet).toContain('lighthouse');
    expect(snippet.length).toBeLessThanOrEqual(106);
  });

  it('ends on the text when the match is near its end', () => {
    const snippet = matchSnippet({ transcription: long, content: '' }, ['keeper'], 100);
    expect(snippet.startsWith('...')).toBe(true);
    expect(snippet.endsWith('lighthouse keeper.')).toBe(true);
  });

  it('uses the notes when only they match, and the whole text when it is short', () => {
    expect(matchSnippet({ transcription: 'Nothing here', content: 'Picnic by the river' }, ['river'], 100)).toBe('Picnic by the river');
  });

  it("falls back to the card's snippet when only the title matched", () => {
    expect(matchSnippet({ transcription: 'x'.repeat(120), content: '' }, ['summer'], 100)).toBe(`${'x'.repeat(100)}...`);
  });
});
