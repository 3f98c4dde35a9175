// A PDF read back with poppler-utils, as a person's reader would: its pages and fonts, and
// whether each script's titles come out of `pdftotext` in logical order (the order they were
// typed), which is what search, copy and a screen reader get.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { TITLES, type Script } from './content.js';
import { PRINT_FONTS } from './fonts.js';

export interface Readback {
  pages: number;
  bytes: number;
  /** Fonts pdffonts lists, by their name after the subset prefix. */
  fonts: string[];
  notEmbedded: string[];
  /** Fonts that are none of the npm print fonts (a system font the renderer fell back to). */
  foreign: string[];
  /** Per script: every title of it found in logical order. */
  scripts: Record<Script, boolean>;
  /** What pdftotext gave for the first Hebrew and Arabic title where it heads its memory. */
  sample: { hebrew: string; arabic: string };
}

// Bidi marks pdftotext adds around right-to-left runs, and spaces it puts inside Arabic words
// whose glyphs are spaced apart: neither changes the order of the letters, which is the check.
const normal = (text: string) => text.normalize('NFKC').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\s]/g, '');

export function readBack(pdf: string): Readback {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  const fontLines = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).split('\n').slice(2).filter((line) => line.trim());
  const fonts = fontLines.map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
  // Read from the end: the type may hold spaces ("CID TrueType"); then emb, sub, uni, object, generation.
  const notEmbedded = fontLines.filter((line) => line.trim().split(/\s+/).at(-5) !== 'yes').map((line) => line.split(/\s+/)[0]!);
  const ours = [...new Set(PRINT_FONTS.map((font) => font.postscript))];
  const foreign = [...new Set(fonts.filter((font) => !ours.some((name) => font.startsWith(name))))];
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const flat = normal(text);
  const lines = text.split('\n');
  const scripts = {} as Record<Script, boolean>;
  for (const [script, titles] of Object.entries(TITLES) as [Script, string[]][]) scripts[script] = titles.every((title) => flat.includes(normal(title)));
  // The first line past the cover holding the title's first letter: the memory's heading.
  const coverLines = text.slice(0, text.indexOf('\f')).split('\n').length;
  const sampleOf = (title: string) => {
    const at = lines.findIndex((line, index) => index >= coverLines && line.includes(title[0]!));
    // Without a contents line's leaders and page number.
    return at >= 0 ? lines[at]!.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/(\s*\.){3,}.*$/, '').trim() : '';
  };
  const sample = { hebrew: sampleOf(TITLES.hebrew[0]!), arabic: sampleOf(TITLES.arabic[0]!) };
  return { pages, bytes: statSync(pdf).size, fonts, notEmbedded, foreign, scripts, sample };
}
