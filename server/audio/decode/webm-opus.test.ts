// WebM/Opus goes through this folder's own walk of the Matroska elements, not the package's
// demuxer, which took minutes over long files: both browsers' files must take the walk, and
// come out as the package would decode them.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeWebmOpus, demuxWebmOpus } from './webm-opus.js';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

describe('WebM/Opus read here', () => {
  it.each([
    ['jfk-chromium-mediarecorder.webm', 11.46],
    ['jfk-opus.webm', 11.0],
  ])('takes %s (its Opus packets, at most 120 ms each) and decodes it at 48 kHz', async (name, seconds) => {
    const bytes = await fixture(name);
    const demuxed = demuxWebmOpus(bytes);
    expect(demuxed?.packets.length).toBeGreaterThanOrEqual(Math.floor(seconds / 0.12));
    const decoded = await decodeWebmOpus(bytes);
    expect(decoded?.sampleRate).toBe(48_000);
    expect(Math.abs(decoded!.channelData[0]!.length / 48_000 - seconds)).toBeLessThan(0.05);
  });

  it('gives the same samples as @audio/decode-webm, to within a few samples of length', async () => {
    const bytes = await fixture('jfk-chromium-mediarecorder.webm');
    const ours = (await decodeWebmOpus(bytes))!.channelData[0]!;
    const theirs = (await (await import('@audio/decode-webm')).default(bytes)).channelData[0]!;
    expect(Math.abs(ours.length - theirs.length)).toBeLessThan(960);
    let [difference, power] = [0, 0];
    for (let i = 0; i < Math.min(ours.length, theirs.length); i++) {
      difference += (ours[i]! - theirs[i]!) ** 2;
      power += theirs[i]! ** 2;
    }
    expect(difference / power).toBeLessThan(0.001);
  });

  it('leaves to the package what it does not read (no Opus track)', () => {
    const ebmlOnly = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x80]);
    expect(demuxWebmOpus(ebmlOnly)).toBeNull();
  });
});
