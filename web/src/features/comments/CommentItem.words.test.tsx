// @vitest-environment jsdom
// Issue 22 "Every recording gets its words": a voice comment says where its words stand
// until they come, quietly, and shows them when they do.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../common/comments';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { CommentItem } from './CommentItem';

const voiceComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  memoryId: 'm1',
  userId: 'u2',
  content: null,
  transcription: null,
  transcriptionStatus: 'queued',
  audioUrl: '/uploads/comment.webm',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  user: { id: 'u2', displayName: null, firstName: 'Bea', lastName: 'Bennett', email: 'bea@example.org', profileImageUrl: null, isStoryteller: false },
  abilities: { canDelete: false },
  ...overrides,
});

const item = (comment: Comment) => <CommentItem comment={comment} onDelete={vi.fn()} deleting={false} />;

beforeEach(() => {
  installBrowserStandIns();
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a voice comment', () => {
  it("says 'Writing down what was said…' while its words are on their way, then shows the words", () => {
    const view = renderWithMantine(item(voiceComment({ transcriptionStatus: 'working' })));
    expect(screen.getByRole('status').textContent).toBe('Writing down what was said…');
    view.rerender(item(voiceComment({ transcriptionStatus: 'done', transcription: 'Lovely, I remember that pie.' })));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Lovely, I remember that pie.')).toBeTruthy();
  });

  it('says quietly that the words could not be written, with no error toast', () => {
    renderWithMantine(item(voiceComment({ transcriptionStatus: 'failed' })));
    expect(screen.getByRole('status').textContent).toBe('The words could not be written down; the recording is kept.');
    expect(screen.getByRole('button', { name: 'Play voice comment from Bea Bennett' })).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says nothing of words for a written comment', () => {
    renderWithMantine(item(voiceComment({ content: 'Nice!', audioUrl: null, transcriptionStatus: 'none' })));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
