// @vitest-environment jsdom
// The archive's own pages (issue 25): read back as a browser reads them (jsdom), so each test
// asserts what a person sees and where each link leads, not how the markup is spelt.
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveFile, CommentRecord, MemoryRecord, PersonRecord, TimelineRecord } from '../../../common/archive-format.js';
import { messages } from '../../../common/messages.js';
import { indexEntryOf, indexPage, memoryPage, memoryPagePath, SITE_STYLESHEET_PATH, siteStylesheet, type SiteContext } from './site.js';

const at = '2026-11-25T09:30:00.000Z';
const sha = (n: number) => n.toString(16).padStart(64, '0');

function file(n: number, kind: ArchiveFile['kind'], mimeType: string, extension: string, position = 0): ArchiveFile {
  return {
    mediaId: `media-${n}`,
    kind,
    position,
    sha256: sha(n),
    path: `media/${sha(n)}.${extension}`,
    mimeType,
    bytes: 1000 + n,
    width: kind === 'image' || kind === 'video' ? 800 : null,
    height: kind === 'image' || kind === 'video' ? 600 : null,
    durationSeconds: kind === 'image' ? null : 12,
    ownerId: 'rose',
    createdAt: at,
  };
}

function person(id: string, displayName: string): PersonRecord {
  return { id, displayName, firstName: null, lastName: null, email: null, isStoryteller: false, familyId: null, avatar: null, createdAt: at };
}

const timeline: TimelineRecord = { id: 'tl-1', name: 'Grandma & us', description: null, color: '#336699', icon: null, isDefault: false, ownerId: 'rose', createdAt: at };
const context: SiteContext = {
  title: 'The Levi family',
  exportedAt: at,
  exportedBy: 'Dana Levi',
  people: new Map([
    ['rose', person('rose', 'Rose Levi')],
    ['dana', person('dana', 'Dana <b>Levi</b>')],
  ]),
  timelines: new Map([[timeline.id, timeline]]),
};

const photos = [file(1, 'image', 'image/jpeg', 'jpg', 0), file(2, 'image', 'image/webp', 'webp', 1)];
const video = file(3, 'video', 'video/mp4', 'mp4');
const voice = file(4, 'audio', 'audio/webm', 'webm');
const spokenAnswer = file(5, 'audio', 'audio/mp4', 'm4a', 1);
const commentVoice = file(6, 'comment_audio', 'audio/ogg', 'ogg');

function memory(overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id: '0b8e5c1e-7d7a-4a57-9a4e-1f0b7c7b2a11',
    title: 'The summer of 1962 <script>alert("hi")</script>',
    content: 'First line\nsecond line\n\nA new paragraph',
    transcription: 'We drove to the sea that morning.',
    authorId: 'rose',
    familyId: null,
    audience: 'timeline',
    timelineIds: [timeline.id, 'a-timeline-not-in-the-archive'],
    sharedWith: [],
    tags: ['sea', 'ים'],
    files: [...photos, video, voice, spokenAnswer],
    voiceMediaId: voice.mediaId,
    followUps: [{ id: 'fu-1', question: 'Who drove?', answer: 'Uncle Sam, badly.', position: 0, voiceMediaId: spokenAnswer.mediaId }],
    listenCodes: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const comments: CommentRecord[] = [
  { id: 'c-1', memoryId: memory().id, authorId: 'dana', content: 'I remember the <i>sand</i>!', transcription: null, voice: null, createdAt: '2026-11-26T18:05:00.000Z' },
  { id: 'c-2', memoryId: memory().id, authorId: 'rose', content: null, transcription: 'And the ice cream.', voice: commentVoice, createdAt: '2026-11-27T08:00:00.000Z' },
];

const documentOf = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const text = (element: Element | null) => element?.textContent?.replace(/\s+/gu, ' ').trim() ?? '';

/** Every src and href of a page, resolved from where the page sits under data/. */
function linksOf(html: string, pagePath: string): string[] {
  const document = documentOf(html);
  const references = [...document.querySelectorAll('[src], [href]')].map((element) => element.getAttribute('src') ?? element.getAttribute('href')!);
  return references.map((reference) => posix.normalize(posix.join(posix.dirname(pagePath), reference)));
}

describe("the archive's memory page", () => {
  const html = memoryPage(memory(), comments, context);
  const document = documentOf(html);

  it('shows a title holding <script> as text, and the page holds no script at all', () => {
    expect(text(document.querySelector('h1'))).toBe('The summer of 1962 <script>alert("hi")</script>');
    expect(html).not.toMatch(/<script/iu);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    // A person's name is text too.
    expect(text(document.querySelector('.comment .who'))).toBe('Dana <b>Levi</b>');
    expect(document.querySelector('.comment b')).toBeNull();
    expect(text(document.querySelector('.comment p[dir="auto"]'))).toBe('I remember the <i>sand</i>!');
  });

  it('fetches nothing from anywhere: every src and href is a relative path inside data/', () => {
    expect(html).not.toMatch(/https?:\/\//iu);
    expect(siteStylesheet()).not.toMatch(/url\(|@import|https?:/iu);
    for (const link of linksOf(html, memoryPagePath(memory().id))) {
      expect(link, link).not.toMatch(/^(\.\.|\/)|:/u);
    }
  });

  it('links the stylesheet, the index and every file where the bag puts them', () => {
    const pagePath = memoryPagePath(memory().id);
    const files = [...memory().files, commentVoice].map((each) => each.path);
    const links = new Set(linksOf(html, pagePath));
    expect(links).toContain(SITE_STYLESHEET_PATH);
    expect(links).toContain('index.html');
    for (const path of files) expect(links, path).toContain(path);
    expect([...links].every((link) => link === SITE_STYLESHEET_PATH || link === 'index.html' || files.includes(link))).toBe(true);
  });

  it('has a player for every recording: its voice, the spoken answer and the voice comment; and one for the video', () => {
    const audioSources = [...document.querySelectorAll('audio[controls] source')].map((source) => [source.getAttribute('src'), source.getAttribute('type')]);
    expect(audioSources).toEqual([
      [`../${voice.path}`, 'audio/webm'],
      [`../${spokenAnswer.path}`, 'audio/mp4'],
      [`../${commentVoice.path}`, 'audio/ogg'],
    ]);
    expect([...document.querySelectorAll('video[controls] source')].map((source) => source.getAttribute('src'))).toEqual([`../${video.path}`]);
  });

  it('shows the photos in order, each with words for those who cannot see it', () => {
    const images = [...document.querySelectorAll('figure img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(photos.map((photo) => `../${photo.path}`));
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([1, 2].map((index) => messages.sitePhotoAlt(index, memory().title)));
  });

  it('shows the transcript beside the voice, the question with its answer, and each comment with its author, date, words and voice', () => {
    const body = text(document.body);
    const voiceSection = document.querySelector('audio')!.closest('section')!;
    expect(text(voiceSection.querySelector('.transcript'))).toContain('We drove to the sea that morning.');
    expect(text(document.querySelector('.question'))).toBe('Who drove?');
    expect(text(document.querySelector('.answer'))).toBe('Uncle Sam, badly.');
    const [first, second] = [...document.querySelectorAll('.comment')];
    expect(text(first!)).toContain('Dana <b>Levi</b> · 26 November 2026, 18:05 UTC');
    expect(text(second!)).toContain('Rose Levi · 27 November 2026, 08:00 UTC');
    expect(text(second!.querySelector('.transcript'))).toContain('And the ice cream.');
    expect(second!.querySelector('audio source')?.getAttribute('src')).toBe(`../${commentVoice.path}`);
    expect(body).toContain(`${messages.siteDateLabel}: 25 November 2026, 09:30 UTC`);
    expect(body).toContain(messages.siteTimeNote);
  });

  it('names the author, the timelines the archive holds (no other) and the tags', () => {
    const facts = text(document.querySelector('.facts'));
    expect(facts).toContain(`${messages.siteToldByLabel}: Rose Levi`);
    expect(facts).toContain(`${messages.siteTimelinesLabel}: Grandma & us`);
    expect(facts).not.toContain('a-timeline-not-in-the-archive');
    expect([...document.querySelectorAll('.tag')].map(text)).toEqual(['sea', 'ים']);
  });

  it("keeps the notes' line breaks and paragraphs", () => {
    const notes = [...document.querySelectorAll('section')].find((each) => text(each.querySelector('h2')) === messages.siteNotesHeading)!;
    const paragraphs = [...notes.querySelectorAll('p')];
    expect(paragraphs.map((paragraph) => paragraph.innerHTML)).toEqual(['First line<br>second line', 'A new paragraph']);
  });

  it('lets a right-to-left title and its words find their own direction', () => {
    const hebrew = documentOf(memoryPage(memory({ title: 'סבתא רוזה בים', content: 'זה היה יום יפה' }), [], context));
    const heading = hebrew.querySelector('h1')!;
    expect(heading.getAttribute('dir')).toBe('auto');
    expect(text(heading)).toBe('סבתא רוזה בים');
    expect(hebrew.documentElement.getAttribute('lang')).toBe('en');
    const note = [...hebrew.querySelectorAll('p')].find((each) => text(each) === 'זה היה יום יפה')!;
    expect(note.getAttribute('dir')).toBe('auto');
  });

  it('links the memories before and after it when the bag says which they are', () => {
    const earlier = indexEntryOf(memory({ id: 'earlier', title: 'ראשון' }), []);
    const page = documentOf(memoryPage(memory(), [], context, { previous: earlier, next: null }));
    const previous = page.querySelector('a[rel="prev"]')!;
    expect(previous.getAttribute('href')).toBe('../memories/earlier.html');
    expect(text(previous)).toBe(messages.siteEarlier('ראשון'));
    expect(page.querySelector('a[rel="next"]')).toBeNull();
  });

  it('shows a memory with no title, words or files as untitled, with no empty sections', () => {
    const bare = documentOf(memoryPage(memory({ title: '  ', content: '', transcription: '', tags: [], files: [], voiceMediaId: 'gone', followUps: [] }), [], context));
    expect(text(bare.querySelector('h1'))).toBe(messages.siteUntitled);
    expect(bare.querySelectorAll('section, audio, video, img')).toHaveLength(0);
  });
});

describe("the archive's index", () => {
  const older = memory({ id: 'older', title: 'Older <em>one</em>', createdAt: '2025-03-02T23:59:00.000Z', files: [], voiceMediaId: null });
  const newer = memory();
  const html = indexPage([indexEntryOf(newer, comments), indexEntryOf(older, [])], context);
  const document = documentOf(html);

  it('lists the memories oldest first under their month and year', () => {
    const months = [...document.querySelectorAll('section.month')];
    expect(months.map((month) => text(month.querySelector('h2')))).toEqual(['March 2025', 'November 2026']);
    expect(months.map((month) => [...month.querySelectorAll('.entry-title')].map(text))).toEqual([['Older <em>one</em>'], [newer.title]]);
  });

  it("shows each memory's title, date, author, timelines, photo, voice and comments", () => {
    const [first, second] = [...document.querySelectorAll('.entry')];
    expect(text(first!)).toContain('2 March 2025 · by Rose Levi');
    expect(first!.querySelector('img')).toBeNull();
    expect(text(first!)).not.toContain(messages.siteHasVoice);
    expect(text(second!)).toContain('25 November 2026 · by Rose Levi');
    expect(text(second!)).toContain('Grandma & us');
    expect(text(second!)).toContain(messages.siteHasVoice);
    expect(text(second!)).toContain(messages.siteCommentCount(2));
    expect(second!.querySelector('img')?.getAttribute('src')).toBe(photos[0]!.path);
    expect(second!.querySelector('a')?.getAttribute('href')).toBe(memoryPagePath(newer.id));
  });

  it('says whose archive it is, when and by whom it was kept, and that dates are UTC, with no script or remote resource', () => {
    expect(text(document.querySelector('h1'))).toBe(messages.siteIndexTitle('The Levi family'));
    expect(text(document.body)).toContain(messages.siteExported('25 November 2026', 'Dana Levi'));
    expect(text(document.body)).toContain(messages.siteTimeNote);
    expect(html).not.toMatch(/<script|https?:\/\//iu);
    expect(document.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(SITE_STYLESHEET_PATH);
    for (const link of linksOf(html, 'index.html')) expect(link).toMatch(/^(media|memories|site)\/[\w.-]+$/u);
  });

  it('says so when there is nothing in it', () => {
    expect(text(documentOf(indexPage([], context)).querySelector('main'))).toBe(messages.siteNoMemories);
  });

  it('counts only the comments on its own memory', () => {
    expect(indexEntryOf(older, comments).comments).toBe(0);
    expect(indexEntryOf(newer, comments)).toMatchObject({ comments: 2, hasVoice: true, photo: photos[0]!.path });
  });
});

describe('memoryPagePath', () => {
  it('keeps an instance id as it is and spells any other so that no two ids share a page', () => {
    expect(memoryPagePath('0b8e5c1e-7d7a-4a57-9a4e-1f0b7c7b2a11')).toBe('memories/0b8e5c1e-7d7a-4a57-9a4e-1f0b7c7b2a11.html');
    const odd = ['../../etc', 'a/b', 'a_2f_b', 'a b', 'a?b#c', 'ים'];
    const paths = odd.map(memoryPagePath);
    expect(new Set(paths).size).toBe(odd.length);
    for (const path of paths) expect(path).toMatch(/^memories\/[A-Za-z0-9_-]+\.html$/u);
  });
});
