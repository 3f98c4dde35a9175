// server/media/sharp.ts: the image modules' sharp keeps no libvips operation cache, which
// never hits for uploads (each a new image) and only held memory under load.
import { describe, expect, it } from 'vitest';
import sharp from './sharp.js';

describe('sharp as the server uses it', () => {
  it('keeps no operations, files or memory in libvips’ cache', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});
