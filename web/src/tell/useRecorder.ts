// The storyteller's microphone (memories §4's format: audio/webm at 128 kbps, a chunk every
// second, stopped 100 ms after Stop so the last words are flushed). Each chunk is handed over
// as it comes, so the page can keep it before the next one (tellDraftStore.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDER_STOP_DELAY_MS, RECORDING_BITS_PER_SECOND, RECORDING_MIME_TYPE, RECORDING_TIMESLICE_MS } from '../../../common/limits';

export interface Recorded {
  audio: Blob;
  durationMs: number;
}

interface RecorderOptions {
  onStarted: (mimeType: string) => void;
  onChunk?: (chunk: Blob, durationMs: number) => void;
  onRecorded: (recorded: Recorded) => void;
  /** No microphone, or the person (or the browser) refused it. */
  onRefused: (error: unknown) => void;
}

export function useRecorder(options: RecorderOptions) {
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timersRef = useRef<number[]>([]);
  const stoppedAtRef = useRef<number | null>(null);

  const clearTimers = () => {
    timersRef.current.forEach((timer) => window.clearTimeout(timer));
    timersRef.current.forEach((timer) => window.clearInterval(timer));
    timersRef.current = [];
  };

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive' || stoppedAtRef.current !== null) return;
    stoppedAtRef.current = Date.now();
    clearTimers();
    setRecording(false);
    timersRef.current.push(window.setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), RECORDER_STOP_DELAY_MS));
  }, []);

  /** Stops by itself after `maxMs` (a story's 10 minutes, a follow-up answer's 30 s). */
  const start = useCallback(async (maxMs: number) => {
    if (recorderRef.current) return;
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('No microphone on this device');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      optionsRef.current.onRefused(error);
      return;
    }
    const release = () => stream.getTracks().forEach((track) => track.stop());
    let recorder: MediaRecorder;
    try {
      const mimeType = MediaRecorder.isTypeSupported(RECORDING_MIME_TYPE) ? RECORDING_MIME_TYPE : undefined;
      recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: RECORDING_BITS_PER_SECOND });
    } catch (error) {
      release();
      optionsRef.current.onRefused(error);
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const heard = () => (stoppedAtRef.current ?? Date.now()) - startedAt;
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      chunks.push(event.data);
      optionsRef.current.onChunk?.(event.data, heard());
    };
    recorder.onstop = () => {
      release();
      clearTimers();
      recorderRef.current = null;
      const durationMs = heard();
      stoppedAtRef.current = null;
      setRecording(false);
      optionsRef.current.onRecorded({ audio: new Blob(chunks, { type: recorder.mimeType || RECORDING_MIME_TYPE }), durationMs });
    };
    try {
      recorder.start(RECORDING_TIMESLICE_MS);
    } catch (error) {
      release();
      optionsRef.current.onRefused(error);
      return;
    }
    recorderRef.current = recorder;
    stoppedAtRef.current = null;
    setElapsedMs(0);
    setRecording(true);
    optionsRef.current.onStarted(recorder.mimeType || RECORDING_MIME_TYPE);
    timersRef.current.push(window.setInterval(() => setElapsedMs(Date.now() - startedAt), 250));
    timersRef.current.push(window.setTimeout(stop, maxMs));
  }, [stop]);

  // Leaving the page mid-recording: the chunks already kept are the recording.
  useEffect(
    () => () => {
      clearTimers();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
        recorder.stream.getTracks().forEach((track) => track.stop());
      }
    },
    [],
  );

  return { recording, elapsedMs, start, stop };
}
