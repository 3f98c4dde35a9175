// People's words as the book sets them: paragraphs at blank lines, each in its script's direction.
import { describe, expect, it } from 'vitest';
import { langOf, paragraphs } from './words.js';

describe('paragraphs', () => {
  it('starts a paragraph at each blank line and keeps a single line break inside one', () => {
    expect(paragraphs('First line\nstill the first.\n\n  \nSecond.\r\n\r\nThird  \n').map((p) => p.text)).toEqual(['First line\nstill the first.', 'Second.', 'Third']);
  });

  it('has none for empty words', () => {
    expect(paragraphs('  \n\n ')).toEqual([]);
  });

  it('runs Hebrew and Arabic paragraphs right to left, and the rest left to right', () => {
    expect(paragraphs('שלום לכולם\n\n«مرحبا» بكم\n\nHello\n\n123 Привет').map((p) => [p.lang, p.dir])).toEqual([
      ['he', 'rtl'],
      ['ar', 'rtl'],
      ['en', 'ltr'],
      ['en', 'ltr'],
    ]);
  });
});

describe('langOf', () => {
  it.each([
    ['海边的夏天', 'zh'],
    ['おばあちゃんの台所', 'ja'],
    ['台所のおばあちゃん', 'ja'],
    ['할머니의 여름', 'ko'],
    ['Το καλοκαίρι', 'en'],
    ['"1999" — Лето', 'en'],
  ])('reads %s as %s', (text, lang) => {
    expect(langOf(text)).toBe(lang);
  });
});
