// The compiled serializers write the same bytes as the zod path they replace (z.encode, then
// JSON.stringify), on values chosen to tell them apart if they ever differed.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memory, memoryDays, memoryPage, type Memory } from '../../common/memories.js';
import { compiledJson } from './compiled-json.js';

const awkward = 'Quotes " and \\ backslashes, </script>, \u2028\u2029, a control \u0001, emoji 😀, a lone surrogate \ud800 and é';
const sample: Memory = {
  id: '0b6e1c2a-4f3d-4a5b-9c8d-7e6f5a4b3c2d',
  title: awkward,
  content: `${'Long notes. '.repeat(40)}${awkward}`,
  transcription: '',
  transcriptionStatus: 'working',
  tags: ['b', 'a'],
  createdAt: '1950-01-01T00:00:00.000Z',
  updatedAt: '2026-11-25T12:34:56.789Z',
  userId: 'u1',
  familyId: null,
  audioUrl: '/api/media/audio/x.webm',
  audioDuration: 2.5,
  timelineIds: ['t1'],
  sharedWith: ['u1', 'u2'],
  audience: 'timeline',
  images: [{ id: 'i1', url: '/d', thumbnailUrl: '/t', originalUrl: '/o', width: null, height: 1080 }],
  videos: [{ id: 'v1', url: '/v', mimeType: 'video/mp4', thumbnailUrl: null }],
  followUpResponses: [{ question: 'Where?', answer: awkward, audioUrl: null, audioDuration: 0, transcriptionStatus: 'none' }],
  creator: { id: 'u1', displayName: null, firstName: 'Rose', lastName: null, email: 'rose@example.com', profileImageUrl: null, isStoryteller: false },
  abilities: { canEdit: true, canDelete: false, canShare: true },
};

const zodJson = <Schema extends z.ZodType>(schema: Schema, value: z.output<Schema>) => JSON.stringify(z.encode(schema, value));

describe('compiled JSON serializers', () => {
  it('write a memory as z.encode then JSON.stringify did, byte for byte', () => {
    expect(compiledJson(memory)(sample)).toBe(zodJson(memory, sample));
  });

  it('write a page, its cursor or null, and leave out what the schema does not name, as zod did', () => {
    const withExtra = { ...sample, viewerOnly: 'secret', creator: { ...sample.creator, password_hash: 'x' } } as Memory;
    for (const page of [
      { memories: [sample, withExtra], nextCursor: 'abc' },
      { memories: [], nextCursor: null },
    ]) {
      const written = compiledJson(memoryPage)(page);
      expect(written).toBe(zodJson(memoryPage, page));
      expect(written).not.toContain('secret');
      expect(written).not.toContain('password_hash');
    }
  });

  it('writes the memory days as zod did', () => {
    const days = { days: ['1950-01-01', '2026-11-25'] };
    expect(compiledJson(memoryDays)(days)).toBe(zodJson(memoryDays, days));
  });

  it('compiles each schema once', () => {
    expect(compiledJson(memory)).toBe(compiledJson(memory));
  });
});
