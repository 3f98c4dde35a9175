// Chromium's print (Debian's /usr/bin/chromium through Playwright): the book as one HTML page
// with the npm print fonts as @font-face and the photos as file URLs, printed by page.pdf().
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { bookContent, TITLES } from './content.js';
import { FAMILIES, PRINT_FONTS } from './fonts.js';
import { renderArgs, report } from './run.js';

const { photos, out, work } = renderArgs();
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const faces = PRINT_FONTS.map((font) => `@font-face { font-family: "${font.family}"; font-weight: ${font.weight}; src: url("${pathToFileURL(font.path).href}"); }`).join('\n');
const memories = bookContent()
  .map(
    (memory) => `<section>
  <h1 dir="auto">${escape(memory.title)}</h1>
  <p class="byline">${memory.day} · Told by ${escape(memory.storyteller)}</p>
  ${memory.photo ? `<img src="${pathToFileURL(join(photos, memory.photo)).href}">` : ''}
  ${memory.paragraphs.map((paragraph) => `<p dir="auto">${escape(paragraph)}</p>`).join('\n  ')}
  <p class="tags">${escape(memory.tags.join(', '))}</p>
</section>`,
  )
  .join('\n');
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The family book</title><style>
${faces}
@page { size: 6in 9in; margin: 0.75in 0.625in 0.875in 0.875in; }
body { font-family: ${FAMILIES.map((family) => `"${family}"`).join(', ')}; font-size: 10.5pt; line-height: 1.35; margin: 0; }
.cover { height: 7.3in; display: flex; flex-direction: column; justify-content: center; text-align: center; break-after: page; }
.cover h1 { font-size: 26pt; }
section { break-before: page; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
p { margin: 0 0 6pt; text-align: justify; }
.byline, .tags { font-size: 9pt; text-align: start; }
img { width: 100%; margin: 4pt 0 8pt; }
</style></head><body>
<div class="cover"><h1>The family book</h1>${Object.values(TITLES)
  .map((titles) => `<div dir="auto">${escape(titles[0]!)}</div>`)
  .join('')}</div>
${memories}
</body></html>`;
const file = join(work, 'book.html');
writeFileSync(file, html);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  // A book of hundreds of pages takes longer than Playwright's 30 s default to print on a busy machine.
  page.setDefaultTimeout(600_000);
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 300_000 });
  await page.evaluate(() => document.fonts.ready);
  const pdf = await page.pdf({
    preferCSSPageSize: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: '<div style="width:100%;text-align:center;font-size:9pt;font-family:Literata"><span class="pageNumber"></span></div>',
  });
  writeFileSync(out, pdf);
} finally {
  await browser.close();
}
report(null);
