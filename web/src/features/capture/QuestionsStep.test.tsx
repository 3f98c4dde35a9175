// @vitest-environment jsdom
// memories §4, §8: a follow-up answer by voice. What was typed stays; the words heard, or the
// placeholder when there are none, follow it; the recording itself is kept with the answer
// (DESIGN "Voice is never dropped"). The microphone is scripted; transcription runs through
// the real hooks with the API call held open.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { installBrowserStandIns } from '../../test/renderWithMantine';
import { holdTranscription, settle } from '../../test/scriptedTranscription';
import { finishRecording, refuseMicrophone, renderWithVoice, type ScriptedRecorderOptions } from '../voice/voiceTestKit';
import { QuestionsStep } from './QuestionsStep';
import { messages } from '../../../../common/messages';

const microphone = vi.hoisted(() => ({ options: null as ScriptedRecorderOptions | null, start: vi.fn() }));
vi.mock('../voice/useAudioRecorder', () => ({
  useAudioRecorder: (options: ScriptedRecorderOptions) => {
    microphone.options = options;
    return { state: 'idle', elapsedMs: 0, start: microphone.start, stop: () => undefined, cancel: () => undefined };
  },
}));

const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

function renderStep(answer: string, { transcriptionAvailable = true, answerAudio = null as Blob | null } = {}) {
  const onAnswerChange = vi.fn();
  const onSpokenAnswer = vi.fn();
  const step = (audio: Blob | null) => (
    <QuestionsStep
      question="Who else was there?"
      loading={false}
      answer={answer}
      answerAudio={audio}
      answerAudioDuration={audio ? 4 : null}
      answeredCount={0}
      onAnswerChange={onAnswerChange}
      onSpokenAnswer={onSpokenAnswer}
      onAnotherQuestion={() => undefined}
      onSaveAndExit={() => undefined}
    />
  );
  const view = renderWithVoice(step(answerAudio), { transcriptionAvailable });
  /** The wizard passing the answer's recording back down, as it does after onSpokenAnswer. */
  const showAudio = (audio: Blob | null) => view.rerender(step(audio));
  return { onAnswerChange, onSpokenAnswer, view, showAudio };
}

async function answerByVoice(heard: { text: string } | 'failure') {
  const transcription = holdTranscription();
  finishRecording(microphone.options, recording, 4);
  if (heard === 'failure') transcription.fail(new Error('Transcription failed'));
  else transcription.answer(heard.text);
  await settle();
  return transcription;
}

beforeEach(() => {
  installBrowserStandIns();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:answer', revokeObjectURL: () => undefined }));
  vi.spyOn(toast, 'info').mockImplementation(() => undefined);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a follow-up answer by voice', () => {
  it('stops itself after 30 seconds', () => {
    renderStep('');
    expect(screen.getByRole('button', { name: messages.followUpRecordAnswer })).toBeTruthy();
    expect(microphone.options!.maxMs).toBe(30_000);
  });

  it("adds the words heard after what was typed, keeps the recording, and says 'Recording Complete'", async () => {
    const { onSpokenAnswer } = renderStep('My cousins ');
    await answerByVoice({ text: 'and our old dog Biscuit.' });
    expect(onSpokenAnswer).toHaveBeenLastCalledWith({ answer: 'My cousins and our old dog Biscuit.', audio: recording, audioDuration: 4 });
    expect(toast.success).toHaveBeenCalledWith('Recording Complete', 'Your voice message has been transcribed successfully!');
  });

  it("keeps what was typed and the recording when transcription fails, adds the placeholder and says 'Recording Saved'", async () => {
    const { onSpokenAnswer } = renderStep('Mostly sledging.');
    await answerByVoice('failure');
    expect(onSpokenAnswer).toHaveBeenLastCalledWith({ answer: 'Mostly sledging. Audio response (transcription failed)', audio: recording, audioDuration: 4 });
    expect(toast.info).toHaveBeenCalledWith(
      'Recording Saved',
      'Your voice recording was saved, but transcription failed. You can add text manually if needed.',
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('answers with the other placeholder when nothing was heard, without calling it a failure', async () => {
    const { onSpokenAnswer } = renderStep('');
    await answerByVoice({ text: '   ' });
    expect(onSpokenAnswer).toHaveBeenLastCalledWith({ answer: 'Audio response (no transcription available)', audio: recording, audioDuration: 4 });
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('ends quietly with no transcription service: no call, no progress bar, no toast, the spec placeholder', async () => {
    const transcription = holdTranscription();
    const { onSpokenAnswer } = renderStep('', { transcriptionAvailable: false });
    finishRecording(microphone.options, recording, 6);
    await settle();
    expect(transcription.call).not.toHaveBeenCalled();
    expect(screen.queryByLabelText(messages.transcriptionProgress)).toBeNull();
    expect(onSpokenAnswer).toHaveBeenLastCalledWith({ answer: 'Audio response (no transcription available)', audio: recording, audioDuration: 6 });
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('plays a kept spoken answer back, and removing it offers Undo', () => {
    const { onSpokenAnswer, showAudio } = renderStep('Audio response (no transcription available)', { answerAudio: recording });
    expect(screen.getByLabelText(messages.yourSpokenAnswer)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.followUpRecordAnswer })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: messages.removeRecording }));
    expect(onSpokenAnswer).toHaveBeenLastCalledWith({ answer: 'Audio response (no transcription available)', audio: null, audioDuration: null });
    showAudio(null);
    expect(screen.getByText(messages.answerRecordingRemoved)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.undo }));
    expect(onSpokenAnswer).toHaveBeenLastCalledWith({ answer: 'Audio response (no transcription available)', audio: recording, audioDuration: 4 });
  });

  it('shows how to allow a refused microphone, and Try again asks again', () => {
    renderStep('');
    refuseMicrophone(microphone.options);
    expect(screen.getByRole('alert').textContent).toContain('Could not start recording. Please check microphone permissions.');
    expect(screen.getByText(/iPhone or iPad \(Safari\)/)).toBeTruthy();
    expect(screen.getByText(/Android \(Chrome\)/)).toBeTruthy();
    expect(screen.getByText(/^Computer:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.tryAgain }));
    expect(microphone.start).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('drops an answer that arrives after the wizard was closed', async () => {
    const { onSpokenAnswer, view } = renderStep('');
    const transcription = holdTranscription();
    finishRecording(microphone.options, recording);
    view.unmount();
    transcription.answer('Too late for this draft.');
    await settle();
    expect(onSpokenAnswer).not.toHaveBeenCalled();
  });

  it("'Save without waiting' keeps the spoken answer with its recording and the placeholder, the server writing its words", async () => {
    const transcription = holdTranscription();
    const { onSpokenAnswer } = renderStep('');
    finishRecording(microphone.options, recording, 4);
    const saveNow = await screen.findByRole('button', { name: messages.saveWithoutWaiting });
    expect(document.activeElement).toBe(saveNow);
    fireEvent.click(saveNow);
    expect(onSpokenAnswer).toHaveBeenCalledWith({ answer: 'Audio response (no transcription available)', audio: recording, audioDuration: 4 });
    expect(transcription.call.mock.calls[0]![2]!.aborted).toBe(true);
    expect(screen.queryByRole('button', { name: messages.saveWithoutWaiting })).toBeNull();
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
