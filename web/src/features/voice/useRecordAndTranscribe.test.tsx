// @vitest-environment jsdom
// The one voice flow (issue 9): every ending hands the recording over with its length; the
// transcription runs only when a service is configured and the caller wants it; a refused
// microphone is reported as a state the screen can explain, not as a toast.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import { holdTranscription, settle } from '../../test/scriptedTranscription';
import { useRecordAndTranscribe, type VoiceResult } from './useRecordAndTranscribe';
import type { ScriptedRecorderOptions } from './voiceTestKit';

const microphone = vi.hoisted(() => ({ options: null as ScriptedRecorderOptions | null, cancel: vi.fn() }));
vi.mock('./useAudioRecorder', () => ({
  useAudioRecorder: (options: ScriptedRecorderOptions) => {
    microphone.options = options;
    return { state: 'idle', elapsedMs: 0, start: async () => undefined, stop: () => undefined, cancel: microphone.cancel };
  },
}));

const recording = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

function renderVoice(config: { transcriptionAvailable: boolean } | null, transcribe = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (config) client.setQueryData(queryKeys.publicConfig, { feedbackUrl: '', ...config });
  const onDone = vi.fn<(result: VoiceResult) => void>();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => useRecordAndTranscribe({ maxMs: 30_000, transcribe, onDone }), { wrapper });
  const record = (ms: number) => act(() => microphone.options!.onRecorded(recording, { byLimit: false, durationMs: ms }));
  return { ...view, onDone, record };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useRecordAndTranscribe', () => {
  it('transcribes when a service is configured, showing progress meanwhile', async () => {
    const transcription = holdTranscription();
    const { result, onDone, record } = renderVoice({ transcriptionAvailable: true });
    record(2_400);
    expect(result.current.state).toBe('transcribing');
    expect(result.current.progress).toBe(0);
    transcription.answer('Hello there');
    await settle();
    expect(onDone).toHaveBeenCalledWith({ recording, durationSeconds: 2, byLimit: false, transcription: 'Hello there', outcome: 'transcribed' });
    expect(result.current.state).toBe('idle');
    expect(result.current.progress).toBeNull();
  });

  it('hands the recording over at once when no service is configured', () => {
    const transcription = holdTranscription();
    const { result, onDone, record } = renderVoice({ transcriptionAvailable: false });
    record(61_000);
    expect(transcription.call).not.toHaveBeenCalled();
    expect(result.current.state).toBe('idle');
    expect(onDone).toHaveBeenCalledWith({ recording, durationSeconds: 61, byLimit: false, transcription: '', outcome: 'unavailable' });
  });

  it('follows the spec flow while the config is unknown', () => {
    const transcription = holdTranscription();
    const { result, record } = renderVoice(null);
    record(1_000);
    expect(transcription.call).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBe('transcribing');
  });

  it('keeps the audio only when the caller asks no transcription (voice comments)', () => {
    const transcription = holdTranscription();
    const { onDone, record } = renderVoice({ transcriptionAvailable: true }, false);
    record(300);
    expect(transcription.call).not.toHaveBeenCalled();
    // Anything recorded counts at least a second.
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ durationSeconds: 1, outcome: 'skipped' }));
  });

  it('reports a refused microphone as a state, without a toast, and a new start clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = vi.spyOn(toast, 'error');
    const { result } = renderVoice({ transcriptionAvailable: false });
    act(() => microphone.options!.onError(new DOMException('denied', 'NotAllowedError')));
    expect(result.current.microphoneRefused).toBe(true);
    expect(error).not.toHaveBeenCalled();
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.microphoneRefused).toBe(false);
  });

  it('drops a transcription that arrives after cancel', async () => {
    const transcription = holdTranscription();
    const { result, onDone, record } = renderVoice({ transcriptionAvailable: true });
    record(1_000);
    act(() => result.current.cancel());
    expect(microphone.cancel).toHaveBeenCalled();
    transcription.answer('Too late');
    await settle();
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.state).toBe('idle');
  });

  it("ends the wait on saveWithoutWaiting: outcome 'pending', no words, the request aborted, a late answer dropped (issue 22)", async () => {
    const transcription = holdTranscription();
    const { result, onDone, record } = renderVoice({ transcriptionAvailable: true });
    record(75_000);
    expect(result.current.state).toBe('transcribing');
    act(() => result.current.saveWithoutWaiting());
    expect(result.current.state).toBe('idle');
    expect(result.current.progress).toBeNull();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith({ recording, durationSeconds: 75, byLimit: false, transcription: '', outcome: 'pending' });
    expect(transcription.call.mock.calls[0]![2]!.aborted).toBe(true);
    transcription.answer('Words nobody waits for');
    await settle();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does nothing on saveWithoutWaiting when no words are awaited', () => {
    const { result, onDone } = renderVoice({ transcriptionAvailable: true });
    act(() => result.current.saveWithoutWaiting());
    expect(onDone).not.toHaveBeenCalled();
  });
});
