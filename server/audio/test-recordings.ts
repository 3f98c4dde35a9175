// Tests only: the smallest recordings each accepted type is known by, built byte by byte,
// a streamed multipart body for uploads too large to build in memory, and a look at the
// temp files this process has left behind.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { RECORDING_TEMP_PREFIX } from './service.js';

/** A valid PCM WAV file (RIFF/WAVE, mono, 16-bit, 8 kHz) holding `seconds` of silence. */
export function wavRecording(seconds = 0.25): Buffer {
  const rate = 8_000;
  const data = Buffer.alloc(Math.round(rate * seconds) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The start of a WebM file as MediaRecorder writes it: an EBML header with DocType "webm", then a Segment. */
export function webmRecording(): Buffer {
  const element = (id: number[], body: number[]) => [...id, 0x80 | body.length, ...body];
  const children = [
    ...element([0x42, 0x86], [1]), // EBMLVersion
    ...element([0x42, 0xf7], [1]), // EBMLReadVersion
    ...element([0x42, 0xf2], [4]), // EBMLMaxIDLength
    ...element([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...element([0x42, 0x82], [...Buffer.from('webm')]), // DocType
    ...element([0x42, 0x87], [4]), // DocTypeVersion
    ...element([0x42, 0x85], [2]), // DocTypeReadVersion
  ];
  const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length, ...children];
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  return Buffer.concat([Buffer.from([...ebml, ...segment]), Buffer.alloc(512)]);
}

/** The first page of an Ogg Opus file as Firefox records it: "OggS", one segment, "OpusHead". */
export function oggRecording(): Buffer {
  const page = Buffer.alloc(28);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02; // beginning of stream
  page[26] = 1; // one segment
  page[27] = 19; // of 19 bytes: the OpusHead packet
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt32LE(48_000, 12);
  return Buffer.concat([page, head, Buffer.alloc(512)]);
}

/**
 * A multipart body with `head` followed by zeros up to `size` bytes in field `audio`,
 * streamed in 1 MiB chunks so a 51 MB upload never sits in the test's memory.
 */
export function streamedRecordingForm(head: Buffer, size: number): { payload: Readable; headers: Record<string, string> } {
  const boundary = '----heirloom-test-boundary';
  const opening = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  function* parts() {
    yield opening;
    yield head;
    for (let left = size - head.length; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield closing;
  }
  return { payload: Readable.from(parts()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Temp recordings of this process still on disk (one process per test file: vitest's forks pool). */
export const leftoverRecordings = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`${RECORDING_TEMP_PREFIX}${process.pid}-`));
