// @vitest-environment jsdom
// Issue 9: the read view marks a private memory "Only you", shows each follow-up question with
// its answer once (not again inside the notes) and plays a spoken answer with its length.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../../common/memories';
import { contentWithFollowUps } from '../../../../../common/memories-rules';
import { installBrowserStandIns, renderWithMantine } from '../../../test/renderWithMantine';
import { ScriptedAudio } from '../../../test/scriptedAudio';
import { MemoryReadView } from './MemoryReadView';

// The parts that fetch on their own are other tests' subject.
vi.mock('../../comments', () => ({ CommentsSection: () => null }));
vi.mock('./MemoryTimelines', () => ({ MemoryTimelines: () => null }));
vi.mock('./MemoryActionBar', () => ({ MemoryActionBar: () => null }));

const responses = [
  { question: 'Who cooked?', answer: 'Aunt May, all day.', audioUrl: null, audioDuration: null, transcriptionStatus: 'none' as const },
  { question: 'What was the best dish?', answer: 'Audio response (no transcription available)', audioUrl: '/uploads/answer-2.webm', audioDuration: 9.4, transcriptionStatus: 'none' as const },
];

function memory(overrides: Partial<Memory> = {}): Memory {
  return {
    id: 'm1',
    title: 'Harvest supper',
    content: contentWithFollowUps('We ate outside.', responses),
    transcription: '',
    transcriptionStatus: 'none',
    tags: [],
    createdAt: '2024-09-21T18:00:00.000Z',
    updatedAt: '2024-09-21T18:00:00.000Z',
    userId: 'gran',
    familyId: null,
    audioUrl: '/uploads/story.webm',
    audioDuration: 61,
    timelineIds: ['t1'],
    sharedWith: ['gran'],
    audience: 'private',
    images: [],
    videos: [],
    followUpResponses: responses,
    creator: { id: 'gran', displayName: 'Gran', firstName: null, lastName: null, email: 'gran@example.org', profileImageUrl: null, isStoryteller: false },
    abilities: { canEdit: true, canDelete: true, canShare: true },
    ...overrides,
  };
}

const renderView = (shown: Memory) => renderWithMantine(<MemoryReadView memory={shown} currentUserId="gran" onEdit={vi.fn()} onDeleted={vi.fn()} />);

beforeEach(() => {
  installBrowserStandIns();
  ScriptedAudio.reset();
  vi.stubGlobal('Audio', ScriptedAudio);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the memory read view', () => {
  it('says "Only you" for a private memory, and not once it is shared', () => {
    renderView(memory());
    expect(screen.getByTestId('private-mark').textContent).toBe('Only you');
    cleanup();
    renderView(memory({ sharedWith: ['gran', 'sam'], audience: 'people' }));
    expect(screen.queryByText('Only you')).toBeNull();
  });

  it('lists each question with its answer once, the notes keeping only what was written', () => {
    renderView(memory());
    const list = screen.getByRole('region', { name: 'Follow-up questions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Who cooked?Aunt May, all day.',
      'What was the best dish?Audio response (no transcription available)Voice0:00 / 0:09',
    ]);
    expect(screen.getByText('We ate outside.')).toBeTruthy();
    expect(screen.getAllByText('Aunt May, all day.')).toHaveLength(1);
    expect(screen.queryByText(/Q: Who cooked\?/)).toBeNull();
  });

  it("plays a spoken answer in place, tied to its question, and pauses the memory's own voice", async () => {
    renderView(memory());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hear your voice' })));
    const play = screen.getByRole('button', { name: 'Play spoken answer' });
    expect(document.getElementById(play.getAttribute('aria-describedby')!)?.textContent).toBe('What was the best dish?');
    await act(async () => fireEvent.click(play));
    const [story, answer] = ScriptedAudio.made;
    expect(story!.src).toBe('/uploads/story.webm');
    expect(answer!.src).toBe('/uploads/answer-2.webm');
    expect(answer!.paused).toBe(false);
    expect(story!.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause spoken answer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hear your voice' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows no follow-up list when the memory has none', () => {
    renderView(memory({ followUpResponses: [], content: 'Only notes.' }));
    expect(screen.queryByRole('region', { name: 'Follow-up questions' })).toBeNull();
    expect(screen.getByText('Only notes.')).toBeTruthy();
  });
});
