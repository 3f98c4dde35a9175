import { describe, expect, it } from 'vitest';
import { kindOfBytes, kindOfFile, SNIFF_BYTES, sortChosenFiles } from './media-sniff.js';

// The first bytes of each kind, as cameras and browsers write them.
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
const MP4 = Uint8Array.from([0x00, 0x00, 0x00, 0x18, ...Buffer.from('ftypmp42'), 0x00, 0x00, 0x00, 0x00, ...Buffer.from('isommp42')]);
const TEXT = new TextEncoder().encode('Shopping list: milk, eggs, bread\n');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');

const named = (bytes: BlobPart, name: string) => new File([bytes], name);

describe('what a chosen file is, by its bytes', () => {
  it('knows a photo and a video whatever they are called, and nothing else', async () => {
    expect(await kindOfBytes(PNG)).toBe('photo');
    expect(await kindOfBytes(JPEG)).toBe('photo');
    expect(await kindOfBytes(MP4)).toBe('video');
    expect(await kindOfBytes(TEXT)).toBeNull();
    expect(await kindOfBytes(SVG)).toBeNull();
    expect(await kindOfBytes(new Uint8Array())).toBeNull();
  });

  it('reads only the first bytes of a file', async () => {
    const big = new Blob([PNG, new Uint8Array(SNIFF_BYTES * 4)]);
    let read = 0;
    const spied = Object.assign(Object.create(big) as Blob, {
      slice: (start?: number, end?: number) => {
        read = (end ?? big.size) - (start ?? 0);
        return big.slice(start, end);
      },
    });
    expect(await kindOfFile(spied)).toBe('photo');
    expect(read).toBe(SNIFF_BYTES);
  });

  it('sorts a choice into the files of the kind asked for, in order, and the names of the rest', async () => {
    const files = [named(PNG, 'garden.png'), named(TEXT, 'notes.jpg'), named(JPEG, 'beach.jpg'), named(MP4, 'clip.jpg')];
    const photos = await sortChosenFiles(files, 'photo');
    expect(photos.accepted.map((file) => file.name)).toEqual(['garden.png', 'beach.jpg']);
    expect(photos.refused).toEqual(['notes.jpg', 'clip.jpg']);
    const videos = await sortChosenFiles([named(TEXT, 'clip.mp4'), named(MP4, 'holiday.mov')], 'video');
    expect(videos.accepted.map((file) => file.name)).toEqual(['holiday.mov']);
    expect(videos.refused).toEqual(['clip.mp4']);
  });
});
