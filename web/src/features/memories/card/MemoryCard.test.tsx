// @vitest-environment jsdom
// Issue 9: a private memory's card says "Only you" beside a lock (full and compact); a memory
// with a recording shows the voice badge with its length and plays it in place, without
// opening the memory.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../../common/memories';
import { installBrowserStandIns, renderWithMantine } from '../../../test/renderWithMantine';
import { ScriptedAudio } from '../../../test/scriptedAudio';
import { MemoryCard } from './MemoryCard';

function memory(overrides: Partial<Memory> = {}): Memory {
  return {
    id: 'm1',
    title: 'Harvest supper',
    content: 'Everyone brought a dish.',
    transcription: '',
    transcriptionStatus: 'none',
    tags: [],
    createdAt: '2024-09-21T18:00:00.000Z',
    updatedAt: '2024-09-21T18:00:00.000Z',
    userId: 'gran',
    familyId: null,
    audioUrl: null,
    audioDuration: null,
    timelineIds: ['t1'],
    sharedWith: ['gran', 'sam'],
    audience: 'people',
    images: [],
    videos: [],
    followUpResponses: [],
    creator: { id: 'gran', displayName: 'Gran', firstName: null, lastName: null, email: 'gran@example.org', profileImageUrl: null, isStoryteller: false },
    abilities: { canEdit: true, canDelete: false, canShare: true },
    ...overrides,
  };
}

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

describe.each(['full', 'compact'] as const)('the %s memory card', (variant) => {
  it('says "Only you" with a lock when only its creator may see it', () => {
    renderWithMantine(<MemoryCard memory={memory({ sharedWith: ['gran'], audience: 'private' })} variant={variant} onOpen={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Harvest supper' });
    const mark = within(card).getByTestId('private-mark');
    expect(mark.textContent).toBe('Only you');
    expect(mark.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // Readable by name, not only as an icon: not hidden inside a labelled button.
    expect(mark.closest('button')).toBeNull();
  });

  it("has no private mark on a 'timeline' memory whose creator is still alone on its timeline (issue 20)", () => {
    renderWithMantine(<MemoryCard memory={memory({ sharedWith: ['gran'], audience: 'timeline' })} variant={variant} onOpen={vi.fn()} />);
    expect(screen.queryByText('Only you')).toBeNull();
  });

  it('has no private mark once shared with someone else', () => {
    renderWithMantine(<MemoryCard memory={memory()} variant={variant} onOpen={vi.fn()} />);
    expect(screen.queryByText('Only you')).toBeNull();
  });

  it('shows the voice badge with the length and plays it without opening the memory', async () => {
    const onOpen = vi.fn();
    renderWithMantine(<MemoryCard memory={memory({ audioUrl: '/uploads/gran.webm', audioDuration: 42.6 })} variant={variant} onOpen={onOpen} />);
    const badge = within(screen.getByRole('article', { name: 'Harvest supper' })).getByTestId('voice-clip');
    expect(badge.textContent).toBe('Voice0:00 / 0:43');
    await act(async () => fireEvent.click(within(badge).getByRole('button', { name: 'Play voice recording' })));
    expect(ScriptedAudio.made.map((audio) => [audio.src, audio.paused])).toEqual([['/uploads/gran.webm', false]]);
    expect(within(badge).getByRole('button', { name: 'Pause voice recording' })).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('has no voice badge without a recording', () => {
    renderWithMantine(<MemoryCard memory={memory()} variant={variant} onOpen={vi.fn()} />);
    expect(screen.queryByTestId('voice-clip')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play voice recording' })).toBeNull();
  });
});
