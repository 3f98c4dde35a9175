// The renderer's child scaling a book's photos one after another (run-child.ts): it levels off
// and keeps going, rather than being replaced every few photos. Each new child costs most of a
// second to start, and did so every three or four photos where glibc was left to its defaults
// (no MALLOC_* settings: `npm start` on a newcomer's machine, and these tests).
import { mkdtemp, rm } from 'node:fs/promises';
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
  // A camera's photo as far as libvips is concerned: 2000 × 1500 of grain, which a JPEG cannot flatten.
  for (let n = 0; n < PHOTOS; n++) {
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + n, sigma: 40 } } })
      .jpeg({ quality: 95 })
      .toFile(join(workDir, `photo-${n}.jpg`));
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
      const answer = await children.run({ type: 'scale', original: join(workDir, `photo-${n}.jpg`), output: join(workDir, `printed-${n}.jpg`), box }, 'scaled');
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
