// @vitest-environment jsdom
// memories §4, §8: a follow-up answer by voice. What was typed stays; the words heard, or the
// placeholder when there are none, follow it. The microphone is scripted as in the dialog test.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { holdTranscription, settle } from '../../test/scriptedTranscription';
import { QuestionsStep } from './QuestionsStep';

type RecorderOptions = { onRecorded: (recording: Blob, details: { byLimit: boolean }) => void; maxMs: number };

const microphone = vi.hoisted(() => ({ options: null as RecorderOptions | null }));
vi.mock('./useAudioRecorder', () => ({
  useAudioRecorder: (options: RecorderOptions) => {
    microphone.options = options;
    return { state: 'idle', elapsedMs: 0, start: () => undefined, stop: () => undefined, cancel: () => undefined };
  },
}));

const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

function renderStep(answer: string) {
  const onAnswerChange = vi.fn();
  const view = renderWithMantine(
    <QuestionsStep
      question="Who else was there?"
      loading={false}
      answer={answer}
      answeredCount={0}
      onAnswerChange={onAnswerChange}
      onAnotherQuestion={() => undefined}
      onSaveAndExit={() => undefined}
    />,
  );
  return { onAnswerChange, view };
}

async function answerByVoice(heard: { text: string } | 'failure') {
  const transcription = holdTranscription();
  act(() => microphone.options!.onRecorded(recording, { byLimit: false }));
  if (heard === 'failure') transcription.fail(new Error('Transcription is not configured'));
  else transcription.answer(heard.text);
  await settle();
}

beforeEach(() => {
  installBrowserStandIns();
  vi.spyOn(toast, 'info').mockImplementation(() => undefined);
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a follow-up answer by voice', () => {
  it('stops itself after 30 seconds', () => {
    renderStep('');
    expect(screen.getByRole('button', { name: 'Record answer' })).toBeTruthy();
    expect(microphone.options!.maxMs).toBe(30_000);
  });

  it("adds the words heard after what was typed, with 'Recording Complete'", async () => {
    const { onAnswerChange } = renderStep('My cousins ');
    await answerByVoice({ text: 'and our old dog Biscuit.' });
    expect(onAnswerChange).toHaveBeenLastCalledWith('My cousins and our old dog Biscuit.');
    expect(toast.success).toHaveBeenCalledWith('Recording Complete', 'Your voice message has been transcribed successfully!');
  });

  it("keeps what was typed when transcription fails, adds the placeholder and says 'Recording Saved'", async () => {
    const { onAnswerChange } = renderStep('Mostly sledging.');
    await answerByVoice('failure');
    expect(onAnswerChange).toHaveBeenLastCalledWith('Mostly sledging. Audio response (transcription failed)');
    expect(toast.info).toHaveBeenCalledWith(
      'Recording Saved',
      'Your voice recording was saved, but transcription failed. You can add text manually if needed.',
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('answers with the other placeholder when nothing was heard, without calling it a failure', async () => {
    const { onAnswerChange } = renderStep('');
    await answerByVoice({ text: '   ' });
    expect(onAnswerChange).toHaveBeenLastCalledWith('Audio response (no transcription available)');
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('drops an answer that arrives after the wizard was closed', async () => {
    const { onAnswerChange, view } = renderStep('');
    const transcription = holdTranscription();
    act(() => microphone.options!.onRecorded(recording, { byLimit: false }));
    view.unmount();
    transcription.answer('Too late for this draft.');
    await settle();
    expect(onAnswerChange).not.toHaveBeenCalled();
  });
});
