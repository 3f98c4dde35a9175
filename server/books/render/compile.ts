// The child's work: Typst compiles a part of the book, pdf-lib joins the parts. Only child.ts
// imports this, so Typst's memory (every decoded photo of a compile) lives and dies in the child.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { NodeCompiler as Compiler } from '@myriaddreamin/typst-ts-node-compiler';
import { PDFDocument } from 'pdf-lib';
import { bookFontFolders } from './fonts.js';
import { PAGE_HEIGHT_PT, PAGE_WIDTH_PT } from './layout.js';
import { writeOutline } from './outline.js';
import type { ChildAnswer, CompileTask, MergeTask } from './protocol.js';
import { bookTemplate } from './template.js';

// A native addon in CommonJS: required, not imported, so it loads the same under tsx and from dist.
const { NodeCompiler } = createRequire(import.meta.url)('@myriaddreamin/typst-ts-node-compiler') as {
  NodeCompiler: typeof Compiler;
};

let compiler: Compiler | null = null;

export async function compilePart(task: CompileTask): Promise<ChildAnswer> {
  compiler ??= NodeCompiler.create({ workspace: task.workDir, fontArgs: [{ fontPaths: bookFontFolders() }] });
  const book = await readFile(`${task.workDir}/${task.inputFile}`, 'utf8');
  const result = compiler.compile({ mainFileContent: bookTemplate, inputs: { book } });
  const document = result.result;
  if (!document || result.hasError()) {
    const diagnostics = result.takeDiagnostics() ?? result.takeError();
    const detail = diagnostics ? JSON.stringify(compiler.fetchDiagnostics(diagnostics)).slice(0, 2000) : 'no diagnostics';
    return { type: 'failed', message: `Typst could not set the book: ${detail}` };
  }
  const memoryPages = compiler.query(document, { selector: '<memory-page>', field: 'value' }) as Array<{ index: number; page: number }>;
  // Untagged: pdf-lib's join keeps pages, not a structure tree, so tags would point nowhere.
  const pdf = compiler.pdf(document, { pdfTags: false });
  await writeFile(`${task.workDir}/${task.outputFile}`, pdf);
  const pages = document.numOfPages;
  // Typst keeps this part's decoded photos, and evictCache(0) gave little back when measured:
  // the parent replaces a child that has grown (run-child.ts), so every part starts afresh.
  return { type: 'compiled', pages, memoryPages, rssBytes: process.memoryUsage().rss };
}

export async function mergeParts(task: MergeTask): Promise<ChildAnswer> {
  const book = await PDFDocument.create();
  for (const part of task.parts) {
    for (let blank = 0; blank < part.blankPagesBefore; blank += 1) book.addPage([PAGE_WIDTH_PT, PAGE_HEIGHT_PT]);
    const source = await PDFDocument.load(await readFile(part.file));
    const pages = await book.copyPages(source, source.getPageIndices());
    for (const page of pages) book.addPage(page);
  }
  writeOutline(book, task.outline);
  book.setTitle(task.title);
  book.setProducer('Heirloom');
  book.setCreator('Heirloom (Typst)');
  await writeFile(task.outputFile, await book.save({ useObjectStreams: true }));
  return { type: 'merged', pages: book.getPageCount(), rssBytes: process.memoryUsage().rss };
}
