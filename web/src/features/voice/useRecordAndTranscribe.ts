// The one voice flow of the web (issue 9 "One way of doing each thing"): record from the
// microphone, then, when a transcription service is configured, transcribe with the spec's
// progress bar (memories §4). Used by the memory recorder, spoken follow-up answers and voice
// comments. Nothing recorded is dropped: every ending hands the recording over.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useAudioRecorder } from './useAudioRecorder';
import { useTranscription } from './useTranscription';

/**
 * How the words came out: `transcribed` (text), `empty` (the service heard nothing), `failed`
 * (the service or network failed), `unavailable` (no service configured: DESIGN "Voice is
 * never dropped"), `skipped` (the caller keeps the audio only, e.g. a voice comment, which the
 * server transcribes later), `pending` (the person chose 'Save without waiting' while the
 * words were being written: the server's job writes them after the save, issue 22).
 */
export type TranscriptOutcome = 'transcribed' | 'empty' | 'failed' | 'unavailable' | 'skipped' | 'pending';

export interface VoiceResult {
  recording: Blob;
  /** Whole seconds, at least 1 for anything recorded. */
  durationSeconds: number;
  byLimit: boolean;
  /** The words, '' unless `outcome` is 'transcribed'. */
  transcription: string;
  outcome: TranscriptOutcome;
}

export type VoiceState = 'idle' | 'recording' | 'stopping' | 'transcribing';

interface Options {
  /** memories §9: 10 minutes for a memory or a comment, 30 s for a follow-up answer. */
  maxMs: number;
  /** False keeps the audio only (voice comments are transcribed by the server). */
  transcribe?: boolean;
  onDone: (result: VoiceResult) => void;
}

/**
 * Whether GET /api/config says a transcription service is configured. Unknown (still loading,
 * or an older server) counts as available, so the spec's own flow runs.
 */
export function useTranscriptionAvailable(): boolean {
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: api.config, staleTime: Infinity });
  return config.data?.transcriptionAvailable !== false;
}

export function useRecordAndTranscribe({ maxMs, transcribe = true, onDone }: Options) {
  const transcriptionAvailable = useTranscriptionAvailable();
  const transcription = useTranscription();
  const [transcribing, setTranscribing] = useState(false);
  const [microphoneRefused, setMicrophoneRefused] = useState(false);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  // A result that lands after cancel or unmount belongs to a draft that is gone.
  const generation = useRef(0);
  // While the words are awaited: how to stop waiting (issue 22), and the request to abort.
  const waiting = useRef<{ finishNow: () => void; request: AbortController } | null>(null);
  useEffect(
    () => () => {
      generation.current += 1;
      waiting.current?.request.abort();
      waiting.current = null;
    },
    [],
  );

  const recorder = useAudioRecorder({
    maxMs,
    onRecorded: (recording, { byLimit, durationMs }) => {
      const current = generation.current;
      const durationSeconds = Math.max(1, Math.round(durationMs / 1000));
      const finish = (text: string, outcome: TranscriptOutcome) => {
        if (current !== generation.current) return;
        // One ending per recording: the aborted request's answer comes after 'pending'.
        generation.current += 1;
        waiting.current = null;
        setTranscribing(false);
        transcription.reset();
        onDoneRef.current({ recording, durationSeconds, byLimit, transcription: text, outcome });
      };
      if (!transcribe) return finish('', 'skipped');
      // No service: end quietly, no progress bar towards words that cannot come.
      if (!transcriptionAvailable) return finish('', 'unavailable');
      setTranscribing(true);
      const request = new AbortController();
      waiting.current = { finishNow: () => finish('', 'pending'), request };
      void transcription.transcribe(recording, request.signal).then((text) => {
        if (text === null) finish('', 'failed');
        else finish(text, text ? 'transcribed' : 'empty');
      });
    },
    onError: (error) => {
      console.error('Microphone unavailable', error);
      setMicrophoneRefused(true);
    },
  });

  const { start: startRecorder, cancel: cancelRecorder, stop } = recorder;
  const start = useCallback(() => {
    setMicrophoneRefused(false);
    return startRecorder();
  }, [startRecorder]);
  const { reset: resetTranscription } = transcription;
  const cancel = useCallback(() => {
    generation.current += 1;
    waiting.current?.request.abort();
    waiting.current = null;
    setTranscribing(false);
    resetTranscription();
    cancelRecorder();
  }, [cancelRecorder, resetTranscription]);

  /**
   * Issue 22: ends the wait for the words at once. The recording is handed over with no words
   * and outcome 'pending' (the server writes them after the save); the request is aborted.
   */
  const saveWithoutWaiting = useCallback(() => {
    const current = waiting.current;
    if (!current) return;
    current.finishNow();
    current.request.abort();
  }, []);

  const state: VoiceState = transcribing ? 'transcribing' : recorder.state;
  return {
    state,
    elapsedMs: recorder.elapsedMs,
    /** Percent towards the transcription (memories §4), null when none is running. */
    progress: transcribing ? (transcription.progress ?? 0) : null,
    microphoneRefused,
    dismissRefusal: useCallback(() => setMicrophoneRefused(false), []),
    start,
    stop,
    cancel,
    saveWithoutWaiting,
  };
}
