// bench/README.md holds one section per benchmark; each script rewrites only its own, between
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, so running one keeps the others' figures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const readme = fileURLToPath(new URL('README.md', import.meta.url));
const header = `# Benchmarks

\`npm run bench\` runs every benchmark below and rewrites its section of this file; \`npm run
seed\` fills a data folder for them. Each figure stands beside a reference measured in the
same run on the same machine, so a busy moment weighs on both. Not part of \`npm test\` or CI.
`;

export function writeSection(name: string, markdown: string): void {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const current = existsSync(readme) ? readFileSync(readme, 'utf8') : header;
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next = start >= 0 && end > start ? current.slice(0, start) + block + current.slice(end + close.length) : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(readme, next);
}
