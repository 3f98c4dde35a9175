// pdfkit 0.20 (not a dependency of Heirloom: installed in a scratch folder, named by
// PDFKIT_DIR): each run of text set in the face of its script (pdfkit has no font fallback),
// photos embedded as they are, page numbers written once every page exists.
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bookContent, TITLES, type Script } from './content.js';
import { PRINT_FONTS } from './fonts.js';
import { renderArgs, report } from './run.js';

interface PdfDoc {
  registerFont(name: string, path: string, family?: string): void;
  font(name: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  text(text: string, options?: Record<string, unknown>): PdfDoc;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): PdfDoc;
  image(path: string, options?: Record<string, unknown>): PdfDoc;
  addPage(): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  bufferedPageRange(): { start: number; count: number };
  switchToPage(index: number): void;
  pipe(stream: NodeJS.WritableStream): void;
  end(): void;
  page: { margins: { bottom: number } };
  y: number;
}

const { photos, out } = renderArgs();
const dir = process.env.PDFKIT_DIR;
if (!dir) throw new Error('PDFKIT_DIR names the folder pdfkit is installed in');
const PDFDocument = createRequire(join(dir, 'package.json'))('pdfkit') as new (options: Record<string, unknown>) => PdfDoc;

const faceOf = (script: Script, bold: boolean) => {
  const family = { latin: 'Literata', greek: 'Literata', cyrillic: 'Literata', arabic: 'NotoNaskhArabic', hebrew: 'NotoSerifHebrew', chinese: 'NotoSerifSC', japanese: 'NotoSerifSC', korean: 'NanumMyeongjo' }[script];
  return `${family}-${bold ? 700 : 400}`;
};
/** The script of a paragraph, by its first letter outside ASCII, as a renderer without fallback must decide. */
const scriptOf = (text: string): Script => {
  for (const script of Object.keys(TITLES) as Script[]) if (script !== 'latin' && TITLES[script].some((title) => title[0] === text[0])) return script;
  const code = text.codePointAt(0)!;
  if (code >= 0x0600 && code <= 0x06ff) return 'arabic';
  if (code >= 0x0590 && code <= 0x05ff) return 'hebrew';
  if (code >= 0x0370 && code <= 0x03ff) return 'greek';
  if (code >= 0x0400 && code <= 0x04ff) return 'cyrillic';
  if (code >= 0xac00 && code <= 0xd7af) return 'korean';
  if (code >= 0x3040 && code <= 0x30ff) return 'japanese';
  if (code >= 0x4e00 && code <= 0x9fff) return 'chinese';
  return 'latin';
};

const doc = new PDFDocument({ size: [432, 648], margins: { top: 54, bottom: 63, left: 63, right: 45 }, bufferPages: true, info: { Title: 'The family book' } });
// fontkit, pdfkit's font reader, cannot read NanumMyeongjo (a RangeError in its glyf table),
// so Korean is set in Debian's Noto Serif CJK KR (fonts-noto-cjk), a system package the npm
// path would not have.
for (const font of PRINT_FONTS) {
  if (font.family === 'NanumMyeongjo') doc.registerFont(`NanumMyeongjo-${font.weight}`, `/usr/share/fonts/opentype/noto/NotoSerifCJK-${font.weight === 400 ? 'Regular' : 'Bold'}.ttc`, `NotoSerifCJKkr-${font.weight === 400 ? 'Regular' : 'Bold'}`);
  else doc.registerFont(`${font.family.replaceAll(' ', '')}-${font.weight}`, font.path);
}
doc.pipe(createWriteStream(out));
const width = 324;
doc.moveDown(12).font('Literata-700').fontSize(26).text('The family book', { align: 'center', width });
for (const titles of Object.values(TITLES)) doc.font(faceOf(scriptOf(titles[0]!), false)).fontSize(10.5).text(titles[0]!, { align: 'center', width });
for (const memory of bookContent()) {
  doc.addPage();
  const rtl = memory.script === 'arabic' || memory.script === 'hebrew';
  doc.font(faceOf(memory.script, true)).fontSize(18).text(memory.title, { width, align: rtl ? 'right' : 'left' });
  doc.font('Literata-400').fontSize(9).text(`${memory.day} · Told by ${memory.storyteller}`, { width });
  doc.moveDown(0.5);
  if (memory.photo) {
    doc.image(join(photos, memory.photo), { width });
    doc.moveDown(0.5);
  }
  for (const paragraph of memory.paragraphs) {
    const script = scriptOf(paragraph);
    doc.font(faceOf(script, false)).fontSize(10.5).text(paragraph, { width, align: script === 'arabic' || script === 'hebrew' ? 'right' : 'justify', paragraphGap: 6 });
  }
  doc.font('Literata-400').fontSize(9).text(memory.tags.join(', '), { width });
}
const range = doc.bufferedPageRange();
for (let index = range.start; index < range.start + range.count; index++) {
  doc.switchToPage(index);
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font('Literata-400').fontSize(9).text(String(index + 1), 63, 648 - 40, { width, align: 'center', lineBreak: false });
  doc.page.margins.bottom = bottom;
}
const done = new Promise((resolve) => (doc as unknown as { on: (event: string, listener: () => void) => void }).on('end', () => resolve(undefined)));
doc.end();
await done;
report(range.count);
