// The small rules archives are made of: safe entry names, the §5 extension rule and which
// instants fall in a month on a zone's clock.
import { describe, expect, it } from 'vitest';
import { extensionFor } from './gather.js';
import { monthOf, monthWindow } from './month.js';
import { safeEntryName } from './zip.js';

describe('safeEntryName', () => {
  it('keeps the names archives make', () => {
    expect(safeEntryName('media/comment_audio/comment_2.webm')).toBe('media/comment_audio/comment_2.webm');
    expect(safeEntryName('memory_0b6e_lake_2026_11_21_0010.zip')).toBe('memory_0b6e_lake_2026_11_21_0010.zip');
  });

  it('never lets a name climb out of its folder or carry anything but letters, digits, dots, dashes and underscores', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('_/_/etc/passwd');
    expect(safeEntryName('/abs//x\\y:z é.txt')).toBe('_/abs/_/x_y_z__.txt');
  });

  it('shortens a segment past 255 characters, keeping its end (date and extension)', () => {
    const long = `memory_id_${'a'.repeat(300)}_2026_11_21_0010.zip`;
    const safe = safeEntryName(long);
    expect(safe).toHaveLength(255);
    expect(safe.startsWith('memory_id_aaa')).toBe(true);
    expect(safe.endsWith('_2026_11_21_0010.zip')).toBe(true);
  });
});

describe('extensionFor (memories §5)', () => {
  it("takes the file's own extension", () => {
    expect(extensionFor('images/0b6e.png', 'image', null)).toBe('png');
    expect(extensionFor('audio/0b6e.wav', 'audio', 'audio/wav')).toBe('wav');
  });

  it('gives .jpg to an image without one, .mp4 or .webm to videos and recordings by their type', () => {
    expect(extensionFor('images/0b6e', 'image', null)).toBe('jpg');
    expect(extensionFor('videos/0b6e', 'video', 'video/mp4')).toBe('mp4');
    expect(extensionFor('videos/0b6e', 'video', 'video/webm')).toBe('webm');
    expect(extensionFor('videos/0b6e', 'video', null)).toBe('mp4');
    expect(extensionFor('audio/0b6e', 'audio', null)).toBe('webm');
    expect(extensionFor('audio/0b6e', 'audio', 'audio/mp4')).toBe('mp4');
  });
});

describe('months on a clock', () => {
  it("puts an instant in the month the zone's wall clock shows", () => {
    expect(monthOf('UTC')('2024-02-29T23:30:00.000Z')).toBe('2024-02');
    expect(monthOf('Europe/Paris')('2024-02-29T23:30:00.000Z')).toBe('2024-03');
    expect(monthOf('Pacific/Kiritimati')('2024-02-29T10:30:00.000Z')).toBe('2024-03');
    expect(monthOf('Pacific/Pago_Pago')('2024-03-01T10:30:00.000Z')).toBe('2024-02');
  });

  it("reaches a day past the UTC month on either side, enough for every zone's clock", () => {
    expect(monthWindow('2024-03')).toEqual({ start: '2024-02-29T00:00:00.000Z', end: '2024-04-02T00:00:00.000Z' });
    expect(monthWindow('1999-12')).toEqual({ start: '1999-11-30T00:00:00.000Z', end: '2000-01-02T00:00:00.000Z' });
  });
});
