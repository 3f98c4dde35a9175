// The storyteller's page's first load (issue 23: at most 100 KB of JavaScript, gzip, since it is
// the first thing an elder's old phone opens): the scripts web/tell.html loads before it can
// draw (its module script and everything that imports, statically, followed through the built
// chunks rather than trusting the preload list), each compressed as gzip -9, next to the same
// figure for the app's welcome page (index.html) from the same build.
//
//   npm run bench:tell [-- --web DIR]
//
// Builds the app into a folder of its own unless --web names a build. Exits 1 over the budget.
// The taps (open the link, then Record, Stop, Send: three) are counted by e2e/tell.spec.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { writeSection } from './readme.js';
import { root } from './support.js';

/** Issue 23: the page's first load. */
const JS_BUDGET_BYTES = 100 * 1000;

interface FirstLoad {
  files: string[];
  gzip: number;
  brotli: number;
  raw: number;
  cssGzip: number;
}

/** The scripts a page loads before it runs, found from its module script through every static import. */
function firstLoadOf(webRoot: string, page: string): FirstLoad {
  const html = readFileSync(join(webRoot, page), 'utf8');
  const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${page} names no module script`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(join(webRoot, file), 'utf8');
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    // Static imports only: `import … from"./x.js"` and `import"./x.js"`; a dynamic import() loads later.
    for (const [, path] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) visit(folder + path!.slice(2));
  };
  visit(entry);
  const gzip = (file: string) => gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length;
  const brotli = (file: string) => statSync(join(webRoot, existsSync(join(webRoot, `${file}.br`)) ? `${file}.br` : file)).size;
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]!);
  const sum = (list: string[], size: (file: string) => number) => list.reduce((total, file) => total + size(file), 0);
  const list = [...files];
  return {
    files: list,
    gzip: sum(list, gzip),
    brotli: sum(list, brotli),
    raw: sum(list, (file) => statSync(join(webRoot, file)).size),
    cssGzip: sum(css, gzip),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function main(): void {
  const { values } = parseArgs({ options: { web: { type: 'string' } } });
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-tell-'));
  try {
    let webRoot = values.web;
    if (!webRoot) {
      webRoot = join(work, 'web');
      execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', webRoot, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    }
    const tell = firstLoadOf(webRoot, 'tell.html');
    const welcome = firstLoadOf(webRoot, 'index.html');
    const met = tell.gzip <= JS_BUDGET_BYTES;
    const row = (name: string, load: FirstLoad) => `| ${name} | ${load.files.length} | ${kb(load.raw)} | ${kb(load.gzip)} | ${kb(load.brotli)} | ${kb(load.cssGzip)} |`;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    writeSection(
      'tell-page',
      `## The storyteller's page: first load and taps

Command: \`npm run bench:tell\` (runs \`node --import tsx bench/tell-page.ts\`), on ${when} UTC, Node ${process.version}.

The app is built (\`vite build\`); the scripts each page loads before it runs are found from its module
script through every static import in the built chunks, and compressed here with gzip -9 (brotli: the
build's own \`.br\` siblings, which the server sends). The welcome page of the same build is the reference.

| page | scripts | JavaScript | gzip | brotli | CSS gzip |
|---|---|---|---|---|---|
${row('welcome page (reference)', welcome)}
${row('storyteller page, /tell/{token}', tell)}

Budget (issue 23): at most 100 KB of JavaScript (gzip) on the storyteller page's first load: ${kb(tell.gzip)}, ${met ? 'met' : 'missed'}.
Scripts: ${tell.files.map((file) => `\`${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')}\``).join(', ')}.
The page is its own entry (\`web/tell.html\`, \`web/src/tell/\`): plain React and its own stylesheet, none of
Mantine, the router or react-query; its words in \`common/tell-messages.ts\` rather than the whole catalogue
(\`common/messages.ts\` weighs about 20 KB gzip), and the form's field names from \`common/memory-fields.ts\`,
so zod (25 KB gzip) is not loaded. From opening the link to a sent story: 3 taps (Record, Stop, Send),
counted in the page by \`e2e/tell.spec.ts\`, which also checks the scripts as sent stay under 100 KB.`,
    );
    console.log(`storyteller page: ${tell.files.length} scripts, ${kb(tell.gzip)} gzip (budget ${kb(JS_BUDGET_BYTES)}: ${met ? 'met' : 'missed'}); welcome page ${kb(welcome.gzip)}`);
    if (!met) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
