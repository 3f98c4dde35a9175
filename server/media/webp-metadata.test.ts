// server/media/webp-metadata.ts: an upright WebP original loses its EXIF and XMP chunks without
// being decoded (libwebp encodes whole pictures: 527 MB and 48 s at 64 megapixels, issue 19), its
// pixels unchanged; one that must be turned upright is still re-encoded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../providers/storage/local.js';
import { storedBytes } from '../providers/storage/test-support.js';
import { stageImage } from './memory-images.js';
import sharp from './sharp.js';
import { hasGpsTag, PHOTO_GPS } from './test-support.js';
import { webpWithoutMetadata } from './webp-metadata.js';

const noise = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
/** A WebP with the camera's make, a GPS position and an XMP packet, stored upright unless told. */
const webpWithMetadata = async (orientation = 1) =>
  sharp(await noise().png().toBuffer())
    .withExif({ IFD0: { Make: 'Heirloom Test Camera' }, IFD3: PHOTO_GPS })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .withMetadata({ orientation })
    .webp({ quality: 80 })
    .toBuffer();
const pixelsOf = (image: Buffer) => sharp(image).raw().toBuffer();

describe('a WebP original with metadata', () => {
  let root: string;
  let media: LocalMediaStore;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'heirloom-webp-'));
    media = new LocalMediaStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is kept upright with its pixels untouched and its EXIF, GPS and XMP left out', async () => {
    const upload = await webpWithMetadata();
    const sent = await sharp(upload).metadata();
    expect([Boolean(sent.exif), Boolean(sent.xmp), hasGpsTag(sent.exif)]).toEqual([true, true, true]);
    const { original } = await stageImage({ media }, Readable.from([upload]), 'IMG_0001.webp');
    expect(original).toMatchObject({ key: expect.stringMatching(/-original\.webp$/), mimeType: 'image/webp', width: 640, height: 480 });
    const kept = await storedBytes(media, original.key);
    expect(original.size).toBe(kept.length);
    const metadata = await sharp(kept).metadata();
    expect([metadata.format, metadata.exif, metadata.xmp]).toEqual(['webp', undefined, undefined]);
    // Not a byte of the camera's EXIF (its make, its GPS block) nor the chunks that carried it.
    for (const trace of ['Heirloom Test Camera', 'EXIF', 'XMP ']) expect([trace, upload.includes(trace), kept.includes(trace)]).toEqual([trace, true, false]);
    expect((await pixelsOf(kept)).equals(await pixelsOf(upload))).toBe(true);
  });

  it('is re-encoded when it must be turned upright', async () => {
    const { original } = await stageImage({ media }, Readable.from([await webpWithMetadata(6)]), 'IMG_0002.webp');
    expect(original).toMatchObject({ mimeType: 'image/webp', width: 480, height: 640 });
    const metadata = await sharp(await storedBytes(media, original.key)).metadata();
    expect([metadata.width, metadata.height, metadata.orientation ?? 1, metadata.exif]).toEqual([480, 640, 1, undefined]);
  });

  it('is left to the encoder when its container is not whole', async () => {
    const upload = await webpWithMetadata();
    expect(webpWithoutMetadata(upload.subarray(0, upload.length - 100))).toBeNull();
    expect(webpWithoutMetadata(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
  });
});
