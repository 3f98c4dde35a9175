// Issue 19: photos lose their EXIF (GPS included) on the way in, and videos must lose their
// location and device metadata too (MP4/QuickTime `©xyz`, `udta`, `meta`, XMP; Matroska
// `Tags`). Without re-encoding and without holding a video whole (DESIGN "Media": up to
// 250 MB, streamed): the container's structure is walked as it streams, and each element
// that carries metadata is overwritten in place by a filler element of exactly the same size
// (`free` in ISO-BMFF, `Void` in Matroska) whose contents are zeros. No byte moves, so every
// offset the file holds (stco/co64 chunk offsets, Matroska Cues and SeekHead) stays true, and
// the file keeps its length; the media data (`mdat`, Clusters) passes through untouched.
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../context.js';
import { typeOfKey, type MediaStat } from '../providers/storage/index.js';
import { discardFiles, firstFailure, noop } from './staged.js';
import { isoWalker } from './video-boxes.js';
import { matroskaWalker } from './video-ebml.js';

/** What follows an element's header: as it came, as zeros, or read as more elements. */
export type Body = { action: 'pass' | 'zero'; length: number } | { action: 'descend' } | { action: 'pass-rest' | 'zero-rest' };

export interface Plan {
  /** Written in place of the header the walker was shown (same length), or null to keep it. */
  header: Buffer | null;
  body: Body;
}

/**
 * Reads one element header at a time. `plan` is shown the header's first bytes and either
 * asks for more (`need`, never more than 40) or plans the element, its header being exactly
 * the bytes shown. `offset` is where the header starts in the file.
 */
export interface Walker {
  plan(head: Buffer, offset: number): Plan | { need: number };
}

/** Matroska and WebM start with the EBML header's ID; anything else is walked as ISO-BMFF boxes. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

class MetadataStripper extends Transform {
  private walker: Walker | null = null;
  private head = Buffer.alloc(0);
  private need = EBML_MAGIC.length;
  private body: Body | null = null;
  private offset = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      let at = 0;
      while (at < chunk.length) {
        const body = this.body;
        if (body?.action === 'pass-rest' || body?.action === 'zero-rest') {
          this.push(body.action === 'pass-rest' ? chunk.subarray(at) : Buffer.alloc(chunk.length - at));
          this.offset += chunk.length - at;
          at = chunk.length;
        } else if (body && (body.action === 'pass' || body.action === 'zero')) {
          const length = Math.min(body.length, chunk.length - at);
          this.push(body.action === 'pass' ? chunk.subarray(at, at + length) : Buffer.alloc(length));
          body.length -= length;
          this.offset += length;
          at += length;
          if (body.length === 0) this.body = null;
        } else {
          const take = Math.min(this.need - this.head.length, chunk.length - at);
          this.head = Buffer.concat([this.head, chunk.subarray(at, at + take)]);
          at += take;
          if (this.head.length === this.need) this.readHeader();
        }
      }
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private readHeader(): void {
    this.walker ??= this.head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC) ? matroskaWalker() : isoWalker();
    const start = this.offset;
    const answer = this.walker.plan(this.head, start);
    if ('need' in answer) {
      if (answer.need <= this.head.length) throw new Error(`video metadata: a walker asked for ${answer.need} bytes with ${this.head.length} in hand`);
      this.need = answer.need;
      return;
    }
    this.push(answer.header ?? this.head);
    this.offset += this.head.length;
    this.head = Buffer.alloc(0);
    this.need = 1;
    const body = answer.body;
    this.body = body.action === 'descend' || ((body.action === 'pass' || body.action === 'zero') && body.length === 0) ? null : body;
  }

  override _flush(done: TransformCallback): void {
    // A few bytes at the very end too short for a header (padding some cameras add): kept.
    if (this.head.length > 0) this.push(this.head);
    done();
  }
}

/**
 * A stream that gives back a video's bytes with its location and device metadata overwritten
 * (see above): same length, same media data, nothing re-encoded, memory flat whatever the
 * size. A file whose structure cannot be walked is passed on unchanged from that point.
 */
export function stripVideoMetadata(): Transform {
  return new MetadataStripper();
}

/**
 * The direct-upload path (issue 19): like MediaStore.move, but the bytes stored under `to`
 * are `from`'s without their metadata. Null when nothing is at `from`; `from` is gone after.
 * On a failure `to` holds nothing and `from` is as it was.
 */
export async function moveVideoWithoutMetadata(ctx: Pick<AppContext, 'media'>, from: string, to: string): Promise<MediaStat | null> {
  const object = await ctx.media.get(from);
  if (!object) return null;
  const stripped = stripVideoMetadata();
  // A failed read fails the stripper, and with it the put (which then keeps nothing).
  const flowing = pipeline(object.body, stripped);
  flowing.catch(noop);
  const [piped, stored] = await Promise.allSettled([flowing, ctx.media.put(to, stripped, { contentType: typeOfKey(to) })]);
  if (piped.status === 'rejected' || stored.status === 'rejected') {
    if (stored.status === 'fulfilled') await discardFiles(ctx.media, [to]);
    throw firstFailure(piped.status === 'rejected' ? piped.reason : undefined, stored.status === 'rejected' ? stored.reason : undefined);
  }
  await ctx.media.delete(from);
  return stored.value;
}
