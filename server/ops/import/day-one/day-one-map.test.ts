// What a Day One entry's words become (map.ts), without a zip or a database.
import { describe, expect, it } from 'vitest';
import type { Entry } from 'yauzl';
import { MEMORY_TAG_MAX, MEMORY_TAGS_MAX, MEMORY_TITLE_MAX } from '../../../../common/limits.js';
import { dayOneId, memoryIdOf, normalTags, planEntry, titleAndNotes } from './map.js';
import { fileKey } from './read.js';

const at = '2023-01-05T09:30:00Z';

describe("a Day One entry's title and notes", () => {
  it('takes the first line with words as the title, without its heading marks, and the rest as notes', () => {
    expect(titleAndNotes({ creationDate: at, text: '\n\n## Our trip ##\nDay one\\.\n\n\n\nDay two\\!  \n' })).toEqual({ title: 'Our trip', content: 'Day one.\n\nDay two!' });
  });

  it('removes every moment, wherever it sits, and keeps Markdown as text', () => {
    const text = '![](dayone-moment://0A1B)First *line*\nSee ![](dayone-moment:/video/22CC) this and ![](dayone-moment:/audio/33DD)\n- a [link](https://example.org)';
    expect(titleAndNotes({ creationDate: at, text })).toEqual({ title: 'First *line*', content: 'See  this and\n- a [link](https://example.org)' });
  });

  it('names an entry without words by its day where it was written, in UTC when its zone is unknown', () => {
    expect(titleAndNotes({ creationDate: '2023-03-01T15:30:00Z', timeZone: 'Asia/Tokyo' }).title).toBe('Journal entry, 2 March 2023');
    expect(titleAndNotes({ creationDate: '2023-03-01T15:30:00Z', timeZone: 'Nowhere/Atlantis', text: '![](dayone-moment://AB)' })).toEqual({ title: 'Journal entry, 1 March 2023', content: '' });
  });

  it('cuts a long first line at the title ceiling, between words, and opens the notes with the rest', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const { title, content } = titleAndNotes({ creationDate: at, text: `${words}\nThe rest.` });
    expect(title.length).toBeLessThanOrEqual(MEMORY_TITLE_MAX);
    expect(`${title} ${content.split('\n\n')[0]}`).toBe(words);
    expect(content.endsWith('\n\nThe rest.')).toBe(true);
  });
});

describe("a Day One entry's tags", () => {
  it('trims them, drops blanks and repeats, and holds each and the list to the ceilings', () => {
    const many = Array.from({ length: MEMORY_TAGS_MAX + 2 }, (_, index) => `tag ${index}`);
    expect(normalTags([' sea', 'sea ', '', '   ', 'x'.repeat(MEMORY_TAG_MAX + 5), ...many])).toEqual({
      tags: ['sea', 'x'.repeat(MEMORY_TAG_MAX), ...many.slice(0, MEMORY_TAGS_MAX - 2)],
      dropped: 4,
    });
  });
});

describe("a Day One entry's ids", () => {
  it('makes the same RFC 9562 version 8 UUID from the same name, and another from another', () => {
    expect(memoryIdOf('ABC')).toBe(memoryIdOf('ABC'));
    expect(memoryIdOf('ABC')).toBe(dayOneId('day-one:ABC'));
    expect(memoryIdOf('ABC')).not.toBe(memoryIdOf('ABD'));
    expect(memoryIdOf('ABC')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("an entry past a memory's room", () => {
  const fileOf = (md5: string, size = 1_000) => ({ fileName: `photos/${md5}.jpeg`, uncompressedSize: size }) as Entry;
  const md5s = Array.from({ length: 7 }, (_, index) => `${index}`.repeat(32));

  it("goes on in memories titled '(2 of 3)', the title shortened to fit the ceiling", () => {
    const title = 't'.repeat(MEMORY_TITLE_MAX);
    const files = new Map(md5s.map((md5) => [fileKey('photo', md5), fileOf(md5)]));
    const parts = planEntry(
      { journal: 'Journal.json', files, entry: { uuid: 'U1', creationDate: at, text: `${title}\nNotes`, photos: md5s.map((md5, index) => ({ identifier: `P${index}`, md5, orderInEntry: 6 - index })) } },
      false,
    );
    expect(parts.map((part) => part.photos.map((file) => file.md5[0]).join(''))).toEqual(['654', '321', '0']);
    expect(parts.map((part) => part.title.length)).toEqual([MEMORY_TITLE_MAX, MEMORY_TITLE_MAX, MEMORY_TITLE_MAX]);
    expect(parts[2]!.title.endsWith('t (3 of 3)')).toBe(true);
    expect(parts.map((part) => part.id)).toEqual([memoryIdOf('U1'), dayOneId('day-one:U1:part:2'), dayOneId('day-one:U1:part:3')]);
    expect(parts[1]!.content).toBe(`More photos, videos and recordings from the journal entry “${title}”.`);
  });

  it('leaves out a photo larger than the app takes, saying so, before reading it', () => {
    const big = md5s[0]!;
    const [only] = planEntry(
      { journal: 'Journal.json', files: new Map([[fileKey('photo', big), fileOf(big, 26 * 1024 * 1024)]]), entry: { uuid: 'U2', creationDate: at, photos: [{ identifier: 'P', md5: big }] } },
      false,
    );
    expect(only!.photos).toEqual([]);
    expect(only!.skipped).toEqual([`the photo ${big}.jpeg: larger than the 25 MB a photo may be`]);
  });
});
