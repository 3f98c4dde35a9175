// server/media/jpeg-metadata.ts: an upright JPEG original loses its EXIF, XMP and comments without
// being decoded (issue 19: re-encoding took 389 MB at 64 megapixels, or a file a fifth larger), its
// pixels unchanged; one that must be turned upright is still re-encoded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../providers/storage/local.js';
import { storedBytes } from '../providers/storage/test-support.js';
import { jpegWithoutMetadata } from './jpeg-metadata.js';
import { stageImage } from './memory-images.js';
import sharp from './sharp.js';
import { hasGpsTag, PHOTO_GPS, jpegWithGps } from './test-support.js';

const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';
/** A landscape phone photo: upright, with the camera's make, a GPS position, XMP and a colour profile. */
const uprightPhoto = (progressive = false) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .withExif({ IFD0: { Make: 'Heirloom Test Camera' }, IFD3: PHOTO_GPS })
    .withXmp(XMP)
    .withIccProfile('p3')
    .jpeg({ quality: 85, progressive })
    .toBuffer();
const pixelsOf = (image: Buffer) => sharp(image).raw().toBuffer();

describe('a JPEG original with metadata', () => {
  let root: string;
  let media: LocalMediaStore;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'heirloom-jpeg-'));
    media = new LocalMediaStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['baseline', false],
    ['progressive', true],
  ])('is kept with its pixels untouched, its colour profile kept and its EXIF, GPS and XMP left out (%s)', async (_, progressive) => {
    const upload = await uprightPhoto(progressive);
    const sent = await sharp(upload).metadata();
    expect([hasGpsTag(sent.exif), Boolean(sent.xmp), Boolean(sent.icc)]).toEqual([true, true, true]);
    const { original } = await stageImage({ media }, Readable.from([upload]), 'IMG_0001.jpg');
    expect(original).toMatchObject({ key: expect.stringMatching(/-original\.jpg$/), mimeType: 'image/jpeg', width: 640, height: 480 });
    const kept = await storedBytes(media, original.key);
    expect(original.size).toBe(kept.length);
    expect(kept.length).toBeLessThan(upload.length);
    const metadata = await sharp(kept).metadata();
    expect([metadata.format, metadata.exif, metadata.xmp, Boolean(metadata.icc), metadata.isProgressive]).toEqual(['jpeg', undefined, undefined, true, progressive]);
    for (const trace of ['Heirloom Test Camera', 'Exif\0', 'adobe:ns:meta']) expect([trace, upload.includes(trace), kept.includes(trace)]).toEqual([trace, true, false]);
    expect((await pixelsOf(kept)).equals(await pixelsOf(upload))).toBe(true);
  });

  it('is re-encoded when it must be turned upright, as a phone photo held sideways', async () => {
    const { original } = await stageImage({ media }, Readable.from([await jpegWithGps()]), 'IMG_0002.jpg');
    const metadata = await sharp(await storedBytes(media, original.key)).metadata();
    expect([metadata.width, metadata.height, metadata.orientation ?? 1, metadata.exif]).toEqual([400, 800, 1, undefined]);
  });

  it('is left to the encoder when it is cut short or carries metadata between its scans', async () => {
    const upload = await uprightPhoto(true);
    expect(jpegWithoutMetadata(upload.subarray(0, upload.length - 2))).toBeNull();
    const secondScan = upload.indexOf(Buffer.from([0xff, 0xda]), upload.indexOf(Buffer.from([0xff, 0xda])) + 2);
    expect(secondScan).toBeGreaterThan(0);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x07]), Buffer.from('hello')]);
    expect(jpegWithoutMetadata(Buffer.concat([upload.subarray(0, secondScan), comment, upload.subarray(secondScan)]))).toBeNull();
    expect(jpegWithoutMetadata(Buffer.from('not a jpeg at all'))).toBeNull();
  });
});
