import { describe, expect, it } from 'vitest';
import {
  contentWithFollowUps,
  followUpBlocks,
  formatElapsed,
  imageUrlOf,
  mediaUrl,
  memorySnippet,
  recordingWarningSeconds,
  relativeMemoryDate,
  snippetText,
  thumbnailTime,
  transcriptionEstimateSeconds,
  transcriptionProgress,
  videoUrlOf,
} from './memories-rules.js';

describe('memory snippet (memories §2)', () => {
  it('prefers the transcription, then the content, then the first follow-up response', () => {
    expect(snippetText({ transcription: 'Spoken', content: 'Written', followUpResponses: [{ answer: 'Answered' }] })).toBe('Spoken');
    expect(snippetText({ transcription: '  ', content: 'Written', followUpResponses: [{ answer: 'Answered' }] })).toBe('Written');
    expect(snippetText({ transcription: null, content: '', followUpResponses: [{ answer: 'Answered' }, { answer: 'Later' }] })).toBe('Answered');
    expect(snippetText({ followUpResponses: ['A plain response'] })).toBe('A plain response');
    expect(snippetText({})).toBe('');
  });

  it('keeps at most 100 characters on the compact card and 80 on the full card', () => {
    const long = 'a'.repeat(150);
    expect(memorySnippet({ content: long }, 100)).toBe(`${'a'.repeat(100)}...`);
    expect(memorySnippet({ content: long }, 80)).toBe(`${'a'.repeat(80)}...`);
    expect(memorySnippet({ content: 'a'.repeat(100) }, 100)).toBe('a'.repeat(100));
    expect(memorySnippet({ content: 'short' }, 80)).toBe('short');
  });
});

describe('follow-up blocks (memories §3)', () => {
  const pairs = [
    { question: 'Who was there?', answer: 'Grandma and the cousins' },
    { question: 'What did you eat?', answer: 'Plum cake' },
  ];

  it("writes each pair as 'Q: ... A: ...' and separates blocks by a blank line", () => {
    expect(followUpBlocks(pairs)).toBe('Q: Who was there?\nA: Grandma and the cousins\n\nQ: What did you eat?\nA: Plum cake');
  });

  it('appends the blocks to the notes after a blank line, and skips unanswered questions', () => {
    expect(contentWithFollowUps('A summer day', pairs)).toBe(`A summer day\n\n${followUpBlocks(pairs)}`);
    expect(contentWithFollowUps('', pairs.slice(0, 1))).toBe('Q: Who was there?\nA: Grandma and the cousins');
    expect(contentWithFollowUps('Notes', [{ question: 'Why?', answer: '  ' }])).toBe('Notes');
  });
});

describe('video thumbnail frame (memories §2, §9)', () => {
  it('takes 25 percent of the duration, at most 3 s, and 2 s when the duration is unknown', () => {
    expect(thumbnailTime(8)).toBe(2);
    expect(thumbnailTime(4)).toBe(1);
    expect(thumbnailTime(60)).toBe(3);
    expect(thumbnailTime(Number.NaN)).toBe(2);
    expect(thumbnailTime(Number.POSITIVE_INFINITY)).toBe(2);
    expect(thumbnailTime(0)).toBe(2);
    expect(thumbnailTime(undefined)).toBe(2);
  });
});

describe('transcription estimate (memories §4, §9)', () => {
  it('derives the estimate from the file size, between 3 and 30 seconds', () => {
    expect(transcriptionEstimateSeconds(0)).toBe(3);
    expect(transcriptionEstimateSeconds(500_000)).toBe(10);
    expect(transcriptionEstimateSeconds(50_000_000)).toBe(30);
  });

  it('holds progress at 90 percent until the answer arrives', () => {
    expect(transcriptionProgress(0, 10)).toBe(0);
    expect(transcriptionProgress(5_000, 10)).toBe(50);
    expect(transcriptionProgress(60_000, 10)).toBe(90);
  });
});

describe('elapsed time and dates', () => {
  it('shows elapsed recording time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65_400)).toBe('01:05');
    expect(formatElapsed(600_000)).toBe('10:00');
  });

  it("reads 'Today at h:mm a', 'Yesterday at h:mm a', otherwise 'MMM d, yyyy'", () => {
    const now = new Date(2024, 5, 15, 18, 0);
    expect(relativeMemoryDate(new Date(2024, 5, 15, 9, 5), now)).toBe('Today at 9:05 AM');
    expect(relativeMemoryDate(new Date(2024, 5, 14, 0, 30), now)).toBe('Yesterday at 12:30 AM');
    expect(relativeMemoryDate(new Date(2024, 0, 3, 13, 0), now)).toBe('Jan 3, 2024');
    expect(relativeMemoryDate('not a date', now)).toBe('');
  });
});

describe('media paths (memories §7)', () => {
  it('turns plain names into /uploads/ paths and cuts workspace prefixes', () => {
    expect(mediaUrl('/uploads/abc.jpg')).toBe('/uploads/abc.jpg');
    expect(mediaUrl('abc.jpg')).toBe('/uploads/abc.jpg');
    expect(mediaUrl('/home/runner/workspace/uploads/abc.jpg')).toBe('/uploads/abc.jpg');
    expect(mediaUrl('https://bucket.example.org/abc.jpg')).toBe('https://bucket.example.org/abc.jpg');
  });

  it('gives every storage key its /uploads/ address, a key in the uploads folder too, and no file none', () => {
    expect(mediaUrl('images/0b6e8c1e-0000-4000-8000-000000000001-thumb.webp')).toBe('/uploads/images/0b6e8c1e-0000-4000-8000-000000000001-thumb.webp');
    expect(mediaUrl('uploads/0b6e8c1e-0000-4000-8000-000000000001.mp4')).toBe('/uploads/uploads/0b6e8c1e-0000-4000-8000-000000000001.mp4');
    expect(mediaUrl('/uploads/uploads/0b6e8c1e-0000-4000-8000-000000000001.mp4')).toBe('/uploads/uploads/0b6e8c1e-0000-4000-8000-000000000001.mp4');
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl('')).toBeNull();
  });

  it('reads images and videos given as strings or objects', () => {
    expect(imageUrlOf({ url: '/uploads/a.jpg', thumbnailUrl: '/uploads/a-thumb.jpg' })).toBe('/uploads/a.jpg');
    expect(imageUrlOf({ url: '/uploads/a.jpg', thumbnailUrl: '/uploads/a-thumb.jpg' }, true)).toBe('/uploads/a-thumb.jpg');
    expect(imageUrlOf({ imageUrl: 'b.png' })).toBe('/uploads/b.png');
    expect(imageUrlOf('c.png')).toBe('/uploads/c.png');
    expect(videoUrlOf({ video_url: 'v.mp4' })).toBe('/uploads/v.mp4');
    expect(videoUrlOf({ videoUrl: '/uploads/w.webm' })).toBe('/uploads/w.webm');
    expect(videoUrlOf('')).toBeNull();
  });
});

describe('voice recorder warning (memories §2, §9)', () => {
  it('says nothing before the final 30 seconds of the 10-minute limit', () => {
    expect(recordingWarningSeconds(0)).toBeNull();
    expect(recordingWarningSeconds(9 * 60_000 + 29_999)).toBeNull();
  });

  it('counts down the seconds left in the final 30 seconds, down to 0 at 10 minutes', () => {
    expect(recordingWarningSeconds(9 * 60_000 + 30_000)).toBe(30);
    expect(recordingWarningSeconds(9 * 60_000 + 45_200)).toBe(15);
    expect(recordingWarningSeconds(9 * 60_000 + 59_500)).toBe(1);
    expect(recordingWarningSeconds(10 * 60_000)).toBe(0);
    expect(recordingWarningSeconds(10 * 60_000 + 400)).toBe(0);
  });
});
