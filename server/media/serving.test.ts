import { describe, expect, it } from 'vitest';
import { typeOfKey } from '../providers/storage/index.js';
import { dispositionOf, etagOf, matchesIfNoneMatch, parseRange, rangeStillApplies } from './serving.js';

describe('Range (RFC 9110 §14) against a 1000-byte file', () => {
  it.each([
    ['bytes=0-99', { kind: 'part', range: { start: 0, end: 99 } }],
    ['bytes=500-', { kind: 'part', range: { start: 500, end: 999 } }],
    ['bytes=-100', { kind: 'part', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'part', range: { start: 0, end: 999 } }],
    ['bytes=900-5000', { kind: 'part', range: { start: 900, end: 999 } }],
    ['bytes=999-999', { kind: 'part', range: { start: 999, end: 999 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    [undefined, { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['bytes=20-10', { kind: 'whole' }],
    ['items=0-10', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=abc-', { kind: 'whole' }],
  ])('%s → %j', (header, answer) => {
    expect(parseRange(header, 1000)).toEqual(answer);
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('validators', () => {
  const etag = etagOf('avatars/0b6e1c2a-4f3d-4a5b-9c8d-7e6f5a4b3c2d.webp', 42);

  it('makes a quoted tag that differs between keys', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('avatars/1b6e1c2a-4f3d-4a5b-9c8d-7e6f5a4b3c2d.webp', 42)).not.toBe(etag);
  });

  it('matches If-None-Match weakly, in a list, and with *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });

  it('honours a Range only when If-Range names the current tag', () => {
    expect(rangeStillApplies(undefined, etag)).toBe(true);
    expect(rangeStillApplies(etag, etag)).toBe(true);
    expect(rangeStillApplies('"stale"', etag)).toBe(false);
    expect(rangeStillApplies('Wed, 21 Oct 2015 07:28:00 GMT', etag)).toBe(false);
  });
});

describe('types and disposition', () => {
  it.each([
    ['images/x.jpg', 'image/jpeg'],
    ['videos/x.mov', 'video/quicktime'],
    ['videos/x.webm', 'video/webm'],
    ['audio/x.webm', 'audio/webm'],
    ['comment-audio/x.webm', 'audio/webm'],
    ['audio/x.m4a', 'audio/mp4'],
    ['uploads/x.bin', 'application/octet-stream'],
  ])('%s is served as %s when no media row names it', (key, type) => {
    expect(typeOfKey(key)).toBe(type);
  });

  it('shows images, video and audio inline, and sends anything else (SVG included) as an attachment', () => {
    expect(dispositionOf('images/a.webp', 'image/webp')).toBe('inline; filename="a.webp"');
    expect(dispositionOf('audio/a.ogg', 'audio/ogg')).toBe('inline; filename="a.ogg"');
    expect(dispositionOf('uploads/a.pdf', 'application/pdf')).toBe('attachment; filename="a.pdf"');
    expect(dispositionOf('images/a.svg', 'image/svg+xml')).toBe('attachment; filename="a.svg"');
    expect(dispositionOf('uploads/a.html', 'text/html')).toBe('attachment; filename="a.html"');
  });
});
