// @vitest-environment jsdom
// Issue 22 "Every recording gets its words": a card whose recording's words are on their way
// says so beside its voice badge, quietly; a failed one says the recording is kept; when the
// words arrive they replace the line, and a recording being played keeps playing.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../../common/messages';
import { installBrowserStandIns, renderWithMantine } from '../../../test/renderWithMantine';
import { ScriptedAudio } from '../../../test/scriptedAudio';
import { voicedMemory } from '../../../test/voicedMemory';
import { MemoryCard } from './MemoryCard';

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

const card = () => screen.getByRole('article', { name: 'Harvest supper' });

describe.each(['full', 'compact'] as const)('the %s card of a recording', (variant) => {
  it.each(['queued', 'working'] as const)("says 'Writing down what was said…' in a live region while '%s'", (status) => {
    renderWithMantine(<MemoryCard memory={voicedMemory({ transcriptionStatus: status })} variant={variant} onOpen={vi.fn()} />);
    const region = within(card()).getByRole('status');
    expect(region.textContent).toBe('Writing down what was said…');
    // Outside the open button, whose label would hide it from a screen reader.
    expect(region.closest('button')).toBeNull();
  });

  it('says quietly that the words could not be written and the recording is kept', () => {
    renderWithMantine(<MemoryCard memory={voicedMemory({ transcriptionStatus: 'failed' })} variant={variant} onOpen={vi.fn()} />);
    expect(within(card()).getByRole('status').textContent).toBe('The words could not be written down; the recording is kept.');
    expect(within(card()).getByTestId('voice-clip')).toBeTruthy();
  });

  it('replaces the line with the words when they arrive, and a playback under way goes on', async () => {
    const view = renderWithMantine(<MemoryCard memory={voicedMemory({ transcriptionStatus: 'working' })} variant={variant} onOpen={vi.fn()} />);
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Play voice recording' })));
    view.rerender(<MemoryCard memory={voicedMemory({ transcriptionStatus: 'done', transcription: 'We ate outside under the pear tree.' })} variant={variant} onOpen={vi.fn()} />);
    expect(within(card()).queryByRole('status')).toBeNull();
    expect(screen.queryByText(messages.wordsOnTheirWay)).toBeNull();
    expect(within(card()).getByText(/We ate outside under the pear tree/)).toBeTruthy();
    expect(ScriptedAudio.made).toHaveLength(1);
    expect(ScriptedAudio.made[0]!.paused).toBe(false);
    expect(within(card()).getByRole('button', { name: 'Pause voice recording' })).toBeTruthy();
  });

  it("says nothing of words for a recording with no engine ('none') or with its words ('done')", () => {
    renderWithMantine(<MemoryCard memory={voicedMemory({ transcriptionStatus: 'none' })} variant={variant} onOpen={vi.fn()} />);
    expect(within(card()).queryByRole('status')).toBeNull();
    cleanup();
    renderWithMantine(<MemoryCard memory={voicedMemory({ transcriptionStatus: 'done', transcription: 'Words.' })} variant={variant} onOpen={vi.fn()} />);
    expect(within(card()).queryByRole('status')).toBeNull();
  });
});
