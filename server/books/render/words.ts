// People's words as the template sets them: split into paragraphs (a blank line starts one),
// each tagged with its script, so Arabic and Hebrew run right to left and CJK and Korean get
// their own fonts and line breaking. The words themselves reach Typst as JSON strings, never
// as markup, so a '#', '*', '$' or ']' prints as written.

/** A paragraph as the template takes it. */
export interface Paragraph {
  text: string;
  /** Typst's language tag: hyphenation, line breaking, the fonts tried first. */
  lang: Lang;
  dir: 'ltr' | 'rtl';
}

export type Lang = 'en' | 'he' | 'ar' | 'zh' | 'ja' | 'ko';

const hebrew = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const arabic = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const kana = /[\u3040-\u30FF\u31F0-\u31FF]/;
const hangul = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
const han = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/;
/** A letter of any script, for the first strong character (Unicode's rule for a paragraph's direction). */
const letter = /\p{L}/u;

/** The script a text is written in, by its first letter (kana anywhere makes Han Japanese). */
export function langOf(text: string): Lang {
  const first = letter.exec(text)?.[0] ?? '';
  if (hebrew.test(first)) return 'he';
  if (arabic.test(first)) return 'ar';
  if (hangul.test(first)) return 'ko';
  if (kana.test(first) || (han.test(first) && kana.test(text))) return 'ja';
  if (han.test(first)) return 'zh';
  return 'en';
}

export const dirOf = (lang: Lang): 'ltr' | 'rtl' => (lang === 'he' || lang === 'ar' ? 'rtl' : 'ltr');

export function paragraph(text: string): Paragraph {
  const lang = langOf(text);
  return { text, lang, dir: dirOf(lang) };
}

/**
 * Blank lines part paragraphs; a single line break inside one is kept (a poem, a list typed
 * line by line). Spaces at the ends of lines and runs of empty lines go.
 */
export function paragraphs(words: string): Paragraph[] {
  return words
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u00A0]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((block) => block !== '')
    .map(paragraph);
}
