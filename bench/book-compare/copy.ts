// The reference: what any PDF writer must at least do with this book, in a Node process of its
// own: read every photo and every word and write them into one file.
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookContent } from './content.js';
import { renderArgs, report } from './run.js';

const { photos, out } = renderArgs();
writeFileSync(out, bookContent().map((memory) => `${memory.title}\n${memory.paragraphs.join('\n\n')}\n`).join(''));
// One photo in memory at a time, as a renderer that streams them would hold.
for (const name of readdirSync(photos).sort()) appendFileSync(out, readFileSync(join(photos, name)));
report(null);
