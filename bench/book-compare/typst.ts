// Typst (@myriaddreamin/typst-ts-node-compiler): the content passed as JSON through
// sys.inputs (nothing people wrote is spliced into markup), photos read by path from a
// workspace, the npm print fonts given as blobs. By default the whole book in one compile;
// with TYPST_CHUNK=N, N memories per compile, each in a fresh child process (Typst holds every
// photo it has decoded until its compiler is dropped), the parts joined with pdf-lib.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { PDFDocument } from 'pdf-lib';
import { bookContent, TITLES } from './content.js';
import { FAMILIES, PRINT_FONTS } from './fonts.js';
import { renderArgs, report } from './run.js';

const { photos, out, work } = renderArgs();
const all = bookContent();
const chunk = Number(process.env.TYPST_CHUNK ?? 0);

/** One compile: memories [from, to), the cover when `from` is 0, pages numbered from `firstPage`. */
function compile(from: number, to: number, firstPage: number): number {
  symlinkSync(photos, join(work, 'photos'));
  const memories = all.slice(from, to).map((memory) => ({
    title: memory.title,
    rtl: memory.script === 'arabic' || memory.script === 'hebrew',
    day: memory.day,
    storyteller: memory.storyteller,
    photo: memory.photo ? `/photos/${memory.photo}` : null,
    paragraphs: memory.paragraphs,
    tags: memory.tags.join(', '),
  }));
  const samples = from === 0 ? Object.values(TITLES).map((titles) => titles[0]!) : null;
  const main = `
#let book = json(bytes(sys.inputs.book))
#set document(title: "The family book")
#set page(width: 6in, height: 9in, margin: (inside: 0.875in, outside: 0.625in, top: 0.75in, bottom: 0.875in),
  footer: context align(center, text(size: 9pt, counter(page).display())))
#counter(page).update(book.firstPage)
#set text(font: (${FAMILIES.map((family) => JSON.stringify(family)).join(', ')}), size: 10.5pt)
#set par(justify: true, leading: 0.62em, spacing: 0.9em)
#if book.samples != none {
  align(center + horizon)[
    #text(size: 26pt, weight: "bold")[The family book]
    #v(1em)
    #for title in book.samples [#title \\ ]
  ]
}
#for memory in book.memories {
  pagebreak(weak: true)
  {
    set text(dir: if memory.rtl { rtl } else { ltr })
    text(size: 18pt, weight: "bold", memory.title)
  }
  parbreak()
  text(size: 9pt, memory.day + " · Told by " + memory.storyteller)
  parbreak()
  if memory.photo != none { image(memory.photo, width: 100%) }
  for paragraph in memory.paragraphs {
    let right = paragraph.codepoints().any(c => c >= "\\u{0590}" and c <= "\\u{06FF}")
    {
      set text(dir: if right { rtl } else { ltr })
      par(paragraph)
    }
  }
  text(size: 9pt, memory.tags)
}
`;
  const compiler = NodeCompiler.create({ workspace: work, fontArgs: [{ fontBlobs: PRINT_FONTS.map((font) => readFileSync(font.path)) }] });
  const compiled = compiler.compile({ mainFileContent: main, inputs: { book: JSON.stringify({ samples, memories, firstPage }) } });
  const document = compiled.result;
  if (!document) {
    compiled.printDiagnostics();
    throw new Error('typst did not compile the book');
  }
  writeFileSync(out, compiler.pdf(document));
  return document.numOfPages;
}

/** Runs this file again for one slice, in a process of its own; answers its pages. */
async function compileApart(from: number, to: number, firstPage: number, part: string, partWork: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), photos, part, partWork], {
    env: { ...process.env, TYPST_CHUNK: '', TYPST_SLICE: `${from}:${to}:${firstPage}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the part ${from}–${to} exited with ${code}`);
  return (JSON.parse(output.trim().split('\n').at(-1)!) as { pages: number }).pages;
}

if (process.env.TYPST_SLICE) {
  const [from, to, firstPage] = process.env.TYPST_SLICE.split(':').map(Number) as [number, number, number];
  report(compile(from, to, firstPage));
} else if (chunk > 0) {
  const joined = await PDFDocument.create();
  let pages = 0;
  for (let from = 0; from < all.length; from += chunk) {
    const partWork = join(work, `part-${from}`);
    mkdirSync(partWork);
    const part = join(partWork, 'part.pdf');
    pages += await compileApart(from, Math.min(from + chunk, all.length), pages + 1, part, partWork);
    const source = await PDFDocument.load(readFileSync(part));
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  writeFileSync(out, await joined.save());
  report(pages);
} else {
  report(compile(0, all.length, 1));
}
