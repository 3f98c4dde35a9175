// @vitest-environment jsdom
// memories §2, §4, §8: the voice recorder dialog around the shared voice flow. The microphone
// is scripted (useAudioRecorder is replaced); transcription runs through the real hooks with
// the API call held open, so each test decides when and how it answers.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { installBrowserStandIns } from '../../test/renderWithMantine';
import { holdTranscription, settle } from '../../test/scriptedTranscription';
import { finishRecording, refuseMicrophone, renderWithVoice, type ScriptedRecorderOptions } from '../voice/voiceTestKit';
import { VoiceRecorderDialog } from './VoiceRecorderDialog';
import { messages } from '../../../../common/messages';

const microphone = vi.hoisted(() => ({
  options: null as ScriptedRecorderOptions | null,
  state: 'recording' as 'idle' | 'recording',
  start: vi.fn(),
  stop: vi.fn(),
  cancel: vi.fn(),
}));
vi.mock('../voice/useAudioRecorder', () => ({
  useAudioRecorder: (options: ScriptedRecorderOptions) => {
    microphone.options = options;
    return { state: microphone.state, elapsedMs: 0, start: microphone.start, stop: microphone.stop, cancel: microphone.cancel };
  },
}));

const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

function openDialog({ transcriptionAvailable = true } = {}) {
  const onClose = vi.fn();
  const onComplete = vi.fn();
  const view = renderWithVoice(<VoiceRecorderDialog onClose={onClose} onComplete={onComplete} />, { transcriptionAvailable });
  return { onClose, onComplete, view };
}

beforeEach(() => {
  installBrowserStandIns();
  microphone.options = null;
  microphone.state = 'recording';
  vi.spyOn(toast, 'info').mockImplementation(() => undefined);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  microphone.start.mockReset();
  microphone.stop.mockReset();
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

  it('puts focus on Stop, the primary action, not on the close button', async () => {
    openDialog();
    const stop = screen.getByRole('button', { name: messages.stop });
    await waitFor(() => expect(document.activeElement).toBe(stop));
    fireEvent.click(stop);
    expect(microphone.stop).toHaveBeenCalledTimes(1);
  });

  it('keeps Stop focusable but inert while the microphone is being prepared', async () => {
    microphone.state = 'idle';
    openDialog();
    const stop = screen.getByRole('button', { name: messages.stop });
    expect(stop.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(stop));
    fireEvent.click(stop);
    expect(microphone.stop).not.toHaveBeenCalled();
  });

  it('hands over the recording, its length and its transcription, then closes', async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete } = openDialog();
    finishRecording(microphone.options, recording, 12);
    expect(await screen.findByText(messages.voiceTranscribing)).toBeTruthy();
    expect(transcription.call).toHaveBeenCalledWith(recording, 'recording.webm', expect.any(AbortSignal));

    transcription.answer('  We rowed across the lake.  ');
    await settle();
    expect(onComplete).toHaveBeenCalledWith(
      expect.objectContaining({ recording, durationSeconds: 12, transcription: 'We rowed across the lake.', outcome: 'transcribed' }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
  });

  it("keeps the audio when transcription fails and says so with 'Recording Saved'", async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete } = openDialog();
    finishRecording(microphone.options, recording);
    transcription.fail(new Error('Transcription failed'));
    await settle();
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ recording, transcription: '', outcome: 'failed' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith(
      'Recording Saved',
      'Your voice recording was saved, but transcription failed. You can add text manually if needed.',
    );
  });

  it('ends quietly with no transcription service: no progress bar, no call, no toast', async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete } = openDialog({ transcriptionAvailable: false });
    finishRecording(microphone.options, recording, 5);
    await settle();
    expect(screen.queryByText(messages.voiceTranscribing)).toBeNull();
    expect(screen.queryByLabelText(messages.transcriptionProgress)).toBeNull();
    expect(transcription.call).not.toHaveBeenCalled();
    expect(onComplete).toHaveBeenCalledWith({ recording, durationSeconds: 5, byLimit: false, transcription: '', outcome: 'unavailable' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows how to allow a refused microphone in the dialog, with Try again and Close', async () => {
    const { onClose } = openDialog();
    // The browser refuses the microphone the dialog asked for by itself.
    await waitFor(() => expect(microphone.start).toHaveBeenCalledTimes(1));
    refuseMicrophone(microphone.options);
    const panel = screen.getByTestId('microphone-help');
    expect(panel.textContent).toContain('Recording Error');
    expect(panel.textContent).toContain('Could not start recording. Please check microphone permissions.');
    expect(panel.textContent).toContain('iPhone or iPad (Safari)');
    expect(panel.textContent).toContain('Android (Chrome)');
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: messages.tryAgain })));

    fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
    expect(microphone.start).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('microphone-help')).toBeNull();

    refuseMicrophone(microphone.options);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(microphone.cancel).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("offers 'Save without waiting' while the words are written: it hands the recording over with none and stops the request", async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete } = openDialog();
    finishRecording(microphone.options, recording, 40);
    const saveNow = await screen.findByRole('button', { name: messages.saveWithoutWaiting });
    // Stop is gone with the recording; focus lands on the one action left, a real button (keyboard).
    await waitFor(() => expect(document.activeElement).toBe(saveNow));
    expect(saveNow.tagName).toBe('BUTTON');
    expect(screen.getByLabelText(messages.transcriptionProgress)).toBeTruthy();

    fireEvent.click(saveNow);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith({ recording, durationSeconds: 40, byLimit: false, transcription: '', outcome: 'pending' });
    expect(onClose).toHaveBeenCalledTimes(1);
    const signal = transcription.call.mock.calls[0]![2]!;
    expect(signal.aborted).toBe(true);

    // Words that arrive after all belong to nobody: the draft already has its recording.
    transcription.answer('Too late to wait for.');
    await settle();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows no 'Save without waiting' while recording, only while the words are written", async () => {
    holdTranscription();
    openDialog();
    expect(screen.queryByRole('button', { name: messages.saveWithoutWaiting })).toBeNull();
    finishRecording(microphone.options, recording);
    expect(await screen.findByRole('button', { name: messages.saveWithoutWaiting })).toBeTruthy();
  });

  it('drops a transcription that arrives after the wizard was closed', async () => {
    const transcription = holdTranscription();
    const { onClose, onComplete, view } = openDialog();
    finishRecording(microphone.options, recording);
    view.unmount();
    transcription.answer('Too late for this draft.');
    await settle();
    expect(onComplete).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
