// @vitest-environment jsdom
// Issue 22 "Every recording gets its words": the detail view says where the words of the
// memory's voice and of each spoken answer stand, in place of the words, and shows the words
// when they arrive. A spoken answer's placeholder is not shown while its words are on their way.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowUpResponse, Memory } from '../../../../../common/memories';
import { installBrowserStandIns, renderWithMantine } from '../../../test/renderWithMantine';
import { ScriptedAudio } from '../../../test/scriptedAudio';
import { voicedMemory } from '../../../test/voicedMemory';
import { MemoryReadView } from './MemoryReadView';

vi.mock('../../comments', () => ({ CommentsSection: () => null }));
vi.mock('./MemoryTimelines', () => ({ MemoryTimelines: () => null }));
vi.mock('./MemoryActionBar', () => ({ MemoryActionBar: () => null }));

const spoken = (overrides: Partial<FollowUpResponse>): FollowUpResponse => ({
  question: 'What was the best dish?',
  answer: 'Audio response (no transcription available)',
  audioUrl: '/uploads/answer-1.webm',
  audioDuration: 9,
  transcriptionStatus: 'queued',
  ...overrides,
});

const view = (memory: Memory) => <MemoryReadView memory={memory} currentUserId="gran" onEdit={vi.fn()} onDeleted={vi.fn()} />;
const answers = () => within(screen.getByRole('region', { name: 'Follow-up questions' })).getAllByRole('listitem');

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

describe("the words of the memory's voice", () => {
  it("say 'Writing down what was said…' under Transcription while on their way, then the words replace it", () => {
    const shown = renderWithMantine(view(voicedMemory({ transcriptionStatus: 'working' })));
    expect(screen.getByRole('heading', { name: 'Transcription' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Writing down what was said…');

    shown.rerender(view(voicedMemory({ transcriptionStatus: 'done', transcription: 'We ate outside under the pear tree.' })));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('We ate outside under the pear tree.')).toBeTruthy();
  });

  it('say quietly that they could not be written and the recording is kept', () => {
    renderWithMantine(view(voicedMemory({ transcriptionStatus: 'failed' })));
    expect(screen.getByRole('status').textContent).toBe('The words could not be written down; the recording is kept.');
    expect(screen.getByRole('button', { name: 'Hear your voice' })).toBeTruthy();
  });

  it('show no Transcription at all for a recording no engine will write', () => {
    renderWithMantine(view(voicedMemory({ transcriptionStatus: 'none' })));
    expect(screen.queryByRole('heading', { name: 'Transcription' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the words of a spoken answer', () => {
  it("stand as 'Writing down what was said…' instead of the placeholder, what was typed kept, then the words", () => {
    const typed = spoken({ question: 'Who cooked?', answer: 'Aunt May. Audio response (no transcription available)', transcriptionStatus: 'working' });
    const shown = renderWithMantine(view(voicedMemory({ transcriptionStatus: 'done', transcription: 'Story.', followUpResponses: [spoken({}), typed] })));
    const [first, second] = answers();
    expect(within(first!).getByRole('status').textContent).toBe('Writing down what was said…');
    expect(first!.textContent).not.toContain('Audio response');
    expect(second!.textContent).toContain('Aunt May.');
    expect(second!.textContent).not.toContain('Audio response');

    shown.rerender(view(voicedMemory({ transcriptionStatus: 'done', transcription: 'Story.', followUpResponses: [spoken({ answer: 'The plum pie.', transcriptionStatus: 'done' }), typed] })));
    const [arrived] = answers();
    expect(within(arrived!).queryByRole('status')).toBeNull();
    expect(arrived!.textContent).toContain('The plum pie.');
  });

  it('say quietly when they could not be written', () => {
    renderWithMantine(view(voicedMemory({ followUpResponses: [spoken({ answer: 'Audio response (transcription failed)', transcriptionStatus: 'failed' })] })));
    const [answer] = answers();
    expect(within(answer!).getByRole('status').textContent).toBe('The words could not be written down; the recording is kept.');
    expect(answer!.textContent).not.toContain('Audio response');
  });
});
