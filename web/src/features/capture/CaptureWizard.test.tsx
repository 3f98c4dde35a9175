// @vitest-environment jsdom
// Issue 9 "Nothing lost": closing a wizard that holds something asks "Discard this memory?"
// first (Keep editing keeps everything; Discard resets as memories §2 says), an empty one
// closes at once, removing a recording offers Undo, and a draft kept in the browser comes
// back with a way to start afresh. IndexedDB is fake-indexeddb; the server is not called.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../common/users';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { ActiveTimelineProvider } from '../timelines/ActiveTimeline';
import CaptureWizard from './CaptureWizard';
import { emptyDraft } from './draft';
import { clearDraft, loadDraft, saveDraft } from './draftStore';

const user = { id: 'ada', displayName: 'Ada', defaultTimelineId: null } as unknown as User;
const family: Timeline = {
  id: 't1',
  name: 'Lovelace Family',
  description: null,
  color: '#10b981',
  icon: null,
  isDefault: true,
  userId: 'ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  abilities: { canEdit: true, canDelete: false },
};

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.timelines, [family]);
  client.setQueryData(queryKeys.publicConfig, { feedbackUrl: '', transcriptionAvailable: false });
  const onClose = vi.fn();
  const view = renderWithMantine(
    <QueryClientProvider client={client}>
      <ActiveTimelineProvider user={user}>
        <CaptureWizard user={user} opened onClose={onClose} />
      </ActiveTimelineProvider>
    </QueryClientProvider>,
  );
  return { onClose, view };
}

const title = () => screen.findByLabelText('Title');

beforeEach(async () => {
  installBrowserStandIns();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:recording', revokeObjectURL: () => undefined }));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await clearDraft('ada');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the capture wizard keeps what was made', () => {
  it('closes an empty wizard at once, without asking', async () => {
    const { onClose } = renderWizard();
    await title();
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard this memory?')).toBeNull();
  });

  it('asks "Discard this memory?" before closing one with a title; Keep editing keeps it', async () => {
    const { onClose } = renderWizard();
    fireEvent.change(await title(), { target: { value: 'Picnic at the lake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(await screen.findByText('Discard this memory?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard this memory?')).toBeNull());
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Picnic at the lake');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Discard resets to an empty start step, closes, and forgets the stored draft', async () => {
    const { onClose } = renderWizard();
    fireEvent.change(await title(), { target: { value: 'Picnic at the lake' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'We rowed across.' } });
    await waitFor(async () => expect((await loadDraft('ada'))?.draft.notes).toBe('We rowed across.'));
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('');
    await waitFor(async () => expect(await loadDraft('ada')).toBeNull());
  });

  it('brings a stored draft back on the step it was left, and offers a new start', async () => {
    await saveDraft('ada', 'timeline', { ...emptyDraft, title: 'Grandpa at sea', notes: 'He sang shanties.' });
    renderWizard();
    expect(await screen.findByText('Welcome back. Your unsaved memory "Grandpa at sea" is here, just as you left it.')).toBeTruthy();
    expect(screen.getByText('Which timelines should this memory be on?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start a new memory' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(((await title()) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('offers Undo after a recording is removed, and Undo puts it back', async () => {
    const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });
    await saveDraft('ada', 'start', { ...emptyDraft, title: 'Told aloud', recording, recordingDuration: 9 });
    renderWizard();
    expect(await screen.findByLabelText('Your voice recording')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove recording' }));
    expect(screen.queryByLabelText('Your voice recording')).toBeNull();
    expect(screen.getByText('Recording removed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByLabelText('Your voice recording')).toBeTruthy();
    expect(screen.queryByText('Recording removed.')).toBeNull();
  });

  it("says 'The words will be added when they are ready' for a recording saved without waiting, until words are typed", async () => {
    const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });
    await saveDraft('ada', 'start', { ...emptyDraft, title: 'Told aloud', recording, recordingDuration: 90, transcriptionPending: true });
    renderWizard();
    const line = await screen.findByText('The words will be added when they are ready');
    expect(line.getAttribute('role')).toBe('status');
    const field = screen.getByLabelText('Transcription') as HTMLTextAreaElement;
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'We sailed at dawn.' } });
    expect(screen.queryByText('The words will be added when they are ready')).toBeNull();
  });

  it('says nothing of words to come for a recording that has its words', async () => {
    const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });
    await saveDraft('ada', 'start', { ...emptyDraft, title: 'Told aloud', recording, recordingDuration: 9, transcription: 'We sailed at dawn.' });
    renderWizard();
    expect(await screen.findByLabelText('Your voice recording')).toBeTruthy();
    expect(screen.queryByText('The words will be added when they are ready')).toBeNull();
  });
});
