// The renderer's child scaling a book's photos one after another (run-child.ts): it levels off
// and keeps going, rather than being replaced every few photos (each new child costs most of a
// second to start), and it starts with its own C library settings whatever the server's are.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHOTO_MAX_HEIGHT_PT, TEXT_WIDTH_PT } from './layout.js';
import { RenderChildren } from './run-child.js';

const PHOTOS = 8;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'heirloom-run-child-'));
  // What the book scales: a photo's display copy (a WebP, as the image intake makes it) of a
  // camera's 2000 × 1500, grain and all, which no encoder can flatten.
  for (let n = 0; n < PHOTOS; n++) {
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + n, sigma: 40 } } })
      .webp({ quality: 82 })
      .toFile(join(workDir, `photo-${n}.webp`));
  }
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

it('scales a run of photos in one child, each printed at its size', async () => {
  const children = new RenderChildren();
  try {
    const box = { widthPt: TEXT_WIDTH_PT, heightPt: PHOTO_MAX_HEIGHT_PT };
    const sizes: number[] = [];
    const rss: number[] = [];
    for (let n = 0; n < PHOTOS; n++) {
      const answer = await children.run({ type: 'scale', original: join(workDir, `photo-${n}.webp`), output: join(workDir, `printed-${n}.jpg`), box }, 'scaled');
      rss.push(Math.round(answer.rssBytes / 1e6));
      const printed = await sharp(join(workDir, `printed-${n}.jpg`)).metadata();
      sizes.push(printed.width);
    }
    expect(sizes).toEqual(Array(PHOTOS).fill(sizes[0]));
    expect(sizes[0]).toBeGreaterThan(1000);
    expect({ children: children.pids.length, rss }).toEqual({ children: 1, rss });
  } finally {
    await children.close();
  }
}, 60_000);

// glibc's settings as the container image sets them for the server (Dockerfile): the child keeps
// the arena cap and leaves the fixed mmap threshold behind, which made its scaling 1.5 times slower.
it.runIf(existsSync('/proc/self/environ'))('starts the child with two malloc arenas and without the server\'s fixed mmap threshold', async () => {
  const saved = { arenas: process.env.MALLOC_ARENA_MAX, threshold: process.env.MALLOC_MMAP_THRESHOLD_ };
  process.env.MALLOC_ARENA_MAX = '8';
  process.env.MALLOC_MMAP_THRESHOLD_ = '131072';
  const children = new RenderChildren();
  try {
    const box = { widthPt: TEXT_WIDTH_PT, heightPt: PHOTO_MAX_HEIGHT_PT };
    const answer = await children.run({ type: 'scale', original: join(workDir, 'photo-0.webp'), output: join(workDir, 'printed-env.jpg'), box }, 'scaled');
    expect(answer.photo).not.toBeNull();
    const environ = (await readFile(`/proc/${children.pids[0]}/environ`, 'utf8')).split('\0');
    expect(environ.filter((entry) => entry.startsWith('MALLOC_'))).toEqual(['MALLOC_ARENA_MAX=2']);
  } finally {
    await children.close();
    restore('MALLOC_ARENA_MAX', saved.arenas);
    restore('MALLOC_MMAP_THRESHOLD_', saved.threshold);
  }
}, 60_000);

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
