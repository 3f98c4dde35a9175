// @vitest-environment jsdom
// memories §2, §4, §8: the voice recorder dialog around the recorder. The microphone is
// scripted (useAudioRecorder is replaced); transcription runs through the real hook with the
// API call held open, so each test decides when and how it answers.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { holdTranscription, settle } from '../../test/scriptedTranscription';
import { VoiceRecorderDialog } from './VoiceRecorderDialog';

type RecorderOptions = { onRecorded: (recording: Blob, details: { byLimit: boolean }) => void; maxMs: number };

const microphone = vi.hoisted(() => ({
  options: null as RecorderOptions | null,
  start: vi.fn(),
  stop: vi.fn(),
  cancel: vi.fn(),
}));
vi.mock('./useAudioRecorder', () => ({
  useAudioRecorder: (options: RecorderOptions) => {
    microphone.options = options;
    return { state: 'recording', elapsedMs: 0, start: microphone.start, stop: microphone.stop, cancel: microphone.cancel };
  },
}));

const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

function openDialog() {
  const onClose = vi.fn();
  const onComplete = vi.fn();
  const view = renderWithMantine(<VoiceRecorderDialog onClose={onClose} onComplete={onComplete} />);
  return { onClose, onComplete, view };
}

function finishRecording() {
  act(() => microphone.options!.onRecorded(recording, { byLimit: false }));
}

beforeEach(() => {
  installBrowserStandIns();
  microphone.options = null;
  vi.spyOn(toast, 'info').mockImplementation(() => undefined);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  microphone.start.mockReset();
});

describe('the voice recorder dialog', () => {
  it('starts recording by itself 0.5 s after opening, and records for at most 10 minutes', () => {
    vi.useFakeTimers();
    openDialog();
    act(() => vi.advanceTimersByTime(499));
    expect(microphone.start).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(microphone.start).toHaveBeenCalledTimes(1);
    expect(microphone.options!.maxMs).toBe(600_000);
  });

  it('hands over the recording and its transcription, then closes', async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete } = openDialog();
    finishRecording();
    expect(await screen.findByText('Transcribing your recording...')).toBeTruthy();
    expect(transcription.call).toHaveBeenCalledWith(recording, 'recording.webm');

    transcription.answer('  We rowed across the lake.  ');
    await settle();
    expect(onComplete).toHaveBeenCalledWith(recording, 'We rowed across the lake.');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
  });

  it("keeps the audio when transcription fails and says so with 'Recording Saved'", async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete } = openDialog();
    finishRecording();
    transcription.fail(new Error('Transcription is not configured'));
    await settle();
    expect(onComplete).toHaveBeenCalledWith(recording, '');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith(
      'Recording Saved',
      'Your voice recording was saved, but transcription failed. You can add text manually if needed.',
    );
  });

  it('drops a transcription that arrives after the wizard was closed', async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete, view } = openDialog();
    finishRecording();
    view.unmount();
    transcription.answer('Too late for this draft.');
    await settle();
    expect(onComplete).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
