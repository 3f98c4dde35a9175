// @vitest-environment jsdom
// memories §2, §4, §5, §8: the comment box. The microphone is a scripted MediaRecorder, so the
// test holds the clock and sees the recording stop 100 ms after Stop and go out by itself.
// Issue 26: what cannot go now is kept in the outbox (IndexedDB: fake-indexeddb here).
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../common/comments';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { outboxOf, removeEntry } from '../../lib/outbox/store';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { settle } from '../../test/scriptedTranscription';
import { CommentComposer } from './CommentComposer';
import { messages } from '../../../../common/messages';

// A device with no room left: the outbox refuses to keep while `full` is set.
const device = vi.hoisted(() => ({ full: false }));
vi.mock('../../lib/outbox', async (importOriginal) => {
  const outbox = await importOriginal<typeof import('../../lib/outbox')>();
  return {
    ...outbox,
    keepInOutbox: (...args: Parameters<typeof outbox.keepInOutbox>) =>
      device.full ? Promise.reject(new outbox.OutboxFullError(new DOMException('Quota exceeded', 'QuotaExceededError'))) : outbox.keepInOutbox(...args),
  };
});

class ScriptedRecorder {
  static latest: ScriptedRecorder | null = null;
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  stopCalls = 0;
  constructor() {
    ScriptedRecorder.latest = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.stopCalls += 1;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

const saved = { id: 'c1' } as Comment;
const ada = { id: 'u1', displayName: 'Ada' } as User;

/** A refusal as api/client.ts makes it: the status and the server's {message}. */
const refusal = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }), `${status}: ${message}`);

function renderComposer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // Signed in as Ada, as the app's page data seeds it.
  client.setQueryData(queryKeys.currentUser, ada);
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <CommentComposer memoryId="m1" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  installBrowserStandIns();
  vi.stubGlobal('MediaRecorder', ScriptedRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: () => undefined }] }) },
  });
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  device.full = false;
  cleanup();
  vi.useRealTimers();
  // After the real clock is back: fake-indexeddb answers on timers.
  for (const entry of await outboxOf(ada.id)) await removeEntry(entry.id);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ScriptedRecorder.latest = null;
});

describe('the comment box', () => {
  it('keeps Send disabled while the text is blank', () => {
    renderComposer();
    const send = screen.getByRole('button', { name: messages.send });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(messages.commentWriteLabel), { target: { value: '   ' } });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(messages.commentWriteLabel), { target: { value: 'Lovely' } });
    expect(send).toHaveProperty('disabled', false);
  });

  it("says 'Empty comment' when a blank comment is sent with Enter, and sends nothing", () => {
    const create = vi.spyOn(api.comments, 'create');
    renderComposer();
    const box = screen.getByLabelText(messages.commentWriteLabel);
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(toast.error).toHaveBeenCalledWith('Please write something or record a voice message.', 'Empty comment');
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the trimmed text with Enter, says 'Comment added' and empties the box", async () => {
    const create = vi.spyOn(api.comments, 'create').mockResolvedValue(saved);
    renderComposer();
    const box = screen.getByLabelText(messages.commentWriteLabel);
    fireEvent.change(box, { target: { value: '  What a day!  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await settle();
    expect(create).toHaveBeenCalledWith('m1', { content: 'What a day!', idempotencyKey: expect.any(String) });
    expect(toast.success).toHaveBeenCalledWith('Comment added', undefined);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it("says 'Failed to add comment. Please try again.' and keeps the text when the server refuses", async () => {
    vi.spyOn(api.comments, 'create').mockRejectedValue(refusal(404, 'Memory not found'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderComposer();
    const box = screen.getByLabelText(messages.commentWriteLabel);
    fireEvent.change(box, { target: { value: 'Kept' } });
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to add comment. Please try again.');
    expect((box as HTMLTextAreaElement).value).toBe('Kept');
  });

  it('sends a comment again with the same Idempotency-Key after a refusal, and a new one for the next comment (issue 20)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = vi.spyOn(api.comments, 'create').mockRejectedValueOnce(refusal(400, 'Comment refused')).mockResolvedValue(saved);
    renderComposer();
    const box = screen.getByLabelText(messages.commentWriteLabel);
    fireEvent.change(box, { target: { value: 'Kept' } });
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await settle();
    expect((box as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(box, { target: { value: 'Another' } });
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await settle();
    const keys = create.mock.calls.map(([, comment]) => comment.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('stops the recorder 100 ms after Stop and sends the recording as a comment by itself', async () => {
    vi.useFakeTimers();
    const create = vi.spyOn(api.comments, 'create').mockResolvedValue(saved);
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: messages.commentRecordVoice }));
    await act(async () => {});
    const recorder = ScriptedRecorder.latest!;
    expect(recorder.state).toBe('recording');

    fireEvent.click(screen.getByRole('button', { name: messages.commentStopAndSend }));
    act(() => vi.advanceTimersByTime(99));
    expect(recorder.stopCalls).toBe(0);
    expect(create).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(recorder.stopCalls).toBe(1);
    await act(async () => {});
    expect(create).toHaveBeenCalledTimes(1);
    const [memoryId, comment] = create.mock.calls[0]!;
    expect(memoryId).toBe('m1');
    expect(comment.content).toBeUndefined();
    expect(comment.audio?.size).toBe(3);
    await act(async () => {});
    expect(toast.success).toHaveBeenCalledWith('Comment added', undefined);
  });

  it('keeps a voice comment the server refused and sends it again on request', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = vi.spyOn(api.comments, 'create').mockRejectedValueOnce(refusal(400, 'Audio refused')).mockResolvedValueOnce(saved);
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: messages.commentRecordVoice }));
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: messages.commentStopAndSend }));
    act(() => vi.advanceTimersByTime(100));
    await act(async () => {});
    await act(async () => {});
    expect(toast.error).toHaveBeenCalledWith('Failed to add comment. Please try again.');
    // React Query tells the screen on its own tick.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('button', { name: messages.commentRecordVoice }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: messages.commentSendVoiceAgain }));
    await act(async () => {});
    await act(async () => {});
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[1]![1].audio).toBe(create.mock.calls[0]![1].audio);
    // issue 20: the same recording goes with the same key, so a send whose answer was lost is kept once.
    expect(create.mock.calls[1]![1].idempotencyKey).toBe(create.mock.calls[0]![1].idempotencyKey);
    expect(toast.success).toHaveBeenCalledWith('Comment added', undefined);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.queryByRole('button', { name: messages.commentSendVoiceAgain })).toBeNull();
  });

  it('explains how to allow a refused microphone in a panel, not a toast, and Try again asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ask = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: ask } });
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: messages.commentRecordVoice }));
    await settle();
    const panel = screen.getByTestId('microphone-help');
    expect(panel.textContent).toContain('Could not start recording. Please check microphone permissions.');
    expect(panel.textContent).toContain('Android (Chrome)');
    expect(toast.error).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
    await settle();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('microphone-help')).toBeTruthy();
  });
});

describe('a comment that cannot go now (issue 26)', () => {
  const box = () => screen.getByLabelText(messages.commentWriteLabel) as HTMLTextAreaElement;
  const write = (text: string) => fireEvent.change(box(), { target: { value: text } });

  it('offline, keeps the comment in the outbox without trying, empties the box and says it will be sent', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const create = vi.spyOn(api.comments, 'create');
    renderComposer();
    write('  See you at Easter  ');
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.commentKept, messages.commentKeptDetail));
    expect(create).not.toHaveBeenCalled();
    const [kept, ...more] = await outboxOf(ada.id);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ kind: 'comment', owner: 'u1', memoryId: 'm1', url: '/api/memories/m1/comments', state: 'waiting', label: 'See you at Easter' });
    expect(kept!.parts).toEqual([{ name: 'content', value: 'See you at Easter' }]);
    expect(kept!.idempotencyKey).toMatch(/^[\x20-\x7e]{1,200}$/);
    expect(toast.success).toHaveBeenCalledWith(messages.commentKept, messages.commentKeptDetail);
    expect(box().value).toBe('');
  });

  it.each([
    ['no answer', new TypeError('Failed to fetch')],
    ['a 503', refusal(503, 'Service unavailable')],
  ])('online, keeps it with the key the attempt carried after %s', async (_what, failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = vi.spyOn(api.comments, 'create').mockRejectedValueOnce(failure);
    renderComposer();
    write('The pumpkins were enormous!');
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.commentKept, messages.commentKeptDetail));
    expect(create).toHaveBeenCalledTimes(1);
    const [kept] = await outboxOf(ada.id);
    // The same key: if the server did take it, the outbox's send is answered with that comment.
    expect(kept?.idempotencyKey).toBe(create.mock.calls[0]![1].idempotencyKey);
    expect(kept?.parts).toEqual([{ name: 'content', value: 'The pumpkins were enormous!' }]);
    expect(toast.success).toHaveBeenCalledWith(messages.commentKept, messages.commentKeptDetail);
    expect(toast.error).not.toHaveBeenCalled();
    expect(box().value).toBe('');
  });

  it('does not keep a comment the server refused (a 4xx): the box keeps it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(api.comments, 'create').mockRejectedValue(refusal(404, 'Memory not found'));
    renderComposer();
    write('Still there?');
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.commentToastAddFailed));
    expect(await outboxOf(ada.id)).toEqual([]);
    expect(box().value).toBe('Still there?');
  });

  it('keeps a voice comment recorded offline with its recording, and the microphone is free again', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const create = vi.spyOn(api.comments, 'create');
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: messages.commentRecordVoice }));
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: messages.commentStopAndSend }));
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.commentKept, messages.commentKeptDetail));
    expect(create).not.toHaveBeenCalled();
    const [kept] = await outboxOf(ada.id);
    expect(kept).toMatchObject({ kind: 'comment', memoryId: 'm1', label: messages.commentWaitingVoice });
    expect(kept?.parts).toEqual([expect.objectContaining({ name: 'audio', fileName: 'recording.webm' })]);
    // The recording's 3 bytes, counted as it was kept (jsdom's Blob does not survive Node's
    // structured clone in fake-indexeddb; a browser's does: e2e/offline-comments.spec.ts).
    expect(kept?.bytes).toBe(3);
    await waitFor(() => expect(screen.getByRole('button', { name: messages.commentRecordVoice }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('button', { name: messages.commentSendVoiceAgain })).toBeNull();
  });

  it('says the device has no room when it cannot keep the comment, and the box keeps it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    device.full = true;
    renderComposer();
    write('Happy birthday, Rose');
    fireEvent.click(screen.getByRole('button', { name: messages.send }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.commentNotKept));
    expect(toast.success).not.toHaveBeenCalled();
    expect(box().value).toBe('Happy birthday, Rose');
  });
});
