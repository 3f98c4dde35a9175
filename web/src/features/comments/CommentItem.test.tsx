// @vitest-environment jsdom
// memories §2, §6, §8: one comment: author, 'ago', text and transcription; the delete control
// for its author only (abilities from the server); a voice comment that cannot play says so.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../common/comments';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { ScriptedAudio } from '../../test/scriptedAudio';
import { CommentItem } from './CommentItem';

const comment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  memoryId: 'm1',
  userId: 'u2',
  content: 'What a catch!',
  transcription: null,
  transcriptionStatus: 'none',
  audioUrl: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  user: { id: 'u2', displayName: null, firstName: 'Bea', lastName: 'Bennett', email: 'bea@example.org', profileImageUrl: null, isStoryteller: false },
  abilities: { canDelete: false },
  ...overrides,
});

beforeEach(() => {
  installBrowserStandIns();
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a comment', () => {
  it("shows the author's name, the time followed by 'ago' and the text, without delete for another person", () => {
    renderWithMantine(<CommentItem comment={comment()} onDelete={vi.fn()} deleting={false} />);
    expect(screen.getByText('Bea Bennett')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByText('What a catch!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete comment/ })).toBeNull();
  });

  it('offers delete to its author', () => {
    const onDelete = vi.fn();
    renderWithMantine(<CommentItem comment={comment({ abilities: { canDelete: true } })} onDelete={onDelete} deleting={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete comment from Bea Bennett' }));
    expect(onDelete).toHaveBeenCalledWith('c1');
  });

  it("plays a voice comment, and says 'Audio Playback Error' when it cannot", async () => {
    const play = vi.fn(() => Promise.reject(new DOMException('gone', 'NotSupportedError')));
    vi.stubGlobal('Audio', class {
      paused = true;
      constructor(readonly src: string) {}
      play = play;
      pause() {}
    });
    renderWithMantine(<CommentItem comment={comment({ content: null, audioUrl: '/uploads/c1.webm', transcription: 'Lovely day' })} onDelete={vi.fn()} deleting={false} />);
    expect(screen.getByText('Lovely day')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play voice comment from Bea Bennett' })));
    expect(play).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("Couldn't play this voice comment. Please try again later.", 'Audio Playback Error');
  });

  it("shows a voice comment's position once its length is learnt (comments carry none) and seeks in it", async () => {
    ScriptedAudio.reset();
    vi.stubGlobal('Audio', ScriptedAudio);
    renderWithMantine(<CommentItem comment={comment({ content: null, audioUrl: 'c2.webm' })} onDelete={vi.fn()} deleting={false} />);
    expect(screen.queryByRole('slider')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play voice comment from Bea Bennett' })));
    const [audio, probe] = ScriptedAudio.made;
    expect(audio!.src).toBe('/uploads/c2.webm');
    act(() => probe!.learnDuration(18));
    const slider = screen.getByRole('slider', { name: 'Position in voice comment from Bea Bennett' });
    expect(screen.getByText('0:00 / 0:18')).toBeTruthy();
    fireEvent.change(slider, { target: { value: '9' } });
    expect(audio!.currentTime).toBe(9);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(audio!.currentTime).toBe(4);
  });
});
