// One microphone recorder under useRecordAndTranscribe (memories §4, §9): audio/webm at 128 kbps, a data chunk every second, stopped 100 ms after the request
// (so the last chunk is flushed) or by the caller's safety limit.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  RECORDER_STOP_DELAY_MS,
  RECORDING_BITS_PER_SECOND,
  RECORDING_MIME_TYPE,
  RECORDING_TIMESLICE_MS,
} from '../../../../common/limits';
import { recordingStarted } from '../../lib/offline/recording';

export type RecorderState = 'idle' | 'recording' | 'stopping';

interface RecorderOptions {
  /** Stops by itself after this long (10 minutes for a memory, 30 s for an answer). */
  maxMs: number;
  /** The finished recording; `byLimit` when the safety limit stopped it; its length in ms. */
  onRecorded: (recording: Blob, details: { byLimit: boolean; durationMs: number }) => void;
  /** The microphone could not be opened (denied, missing). */
  onError: (error: unknown) => void;
}

export function useAudioRecorder(options: RecorderOptions) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timersRef = useRef<number[]>([]);
  const tickerRef = useRef<number | null>(null);
  const discardRef = useRef(false);
  const byLimitRef = useRef(false);
  const stoppingRef = useRef(false);
  const sessionRef = useRef(0);
  const startedAtRef = useRef(0);
  const stoppedAtRef = useRef<number | null>(null);

  const clearTimers = useCallback(() => {
    timersRef.current.forEach((timer) => window.clearTimeout(timer));
    timersRef.current = [];
    if (tickerRef.current !== null) window.clearInterval(tickerRef.current);
    tickerRef.current = null;
  }, []);

  const releaseMicrophone = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const stop = useCallback((byLimit = false) => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive' || stoppingRef.current || discardRef.current) return;
    stoppingRef.current = true;
    byLimitRef.current = byLimit;
    // The length is what the person heard counting, up to the Stop press, not the flush delay.
    stoppedAtRef.current = Date.now();
    setState('stopping');
    if (tickerRef.current !== null) window.clearInterval(tickerRef.current);
    tickerRef.current = null;
    // memories §9: the recorder stops 100 ms after the stop request.
    timersRef.current.push(
      window.setTimeout(() => {
        if (recorder.state !== 'inactive') recorder.stop();
      }, RECORDER_STOP_DELAY_MS),
    );
  }, []);

  const start = useCallback(async () => {
    if (recorderRef.current && recorderRef.current.state !== 'inactive') return;
    const session = ++sessionRef.current;
    discardRef.current = false;
    byLimitRef.current = false;
    stoppingRef.current = false;
    // Cancelled while the browser asked for the microphone: whatever the answer, it is moot.
    const cancelled = () => session !== sessionRef.current || discardRef.current;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (!cancelled()) optionsRef.current.onError(error);
      return;
    }
    if (cancelled()) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;
    const chunks: Blob[] = [];
    let recorder: MediaRecorder;
    try {
      const mimeType = MediaRecorder.isTypeSupported(RECORDING_MIME_TYPE) ? RECORDING_MIME_TYPE : undefined;
      recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: RECORDING_BITS_PER_SECOND });
    } catch (error) {
      releaseMicrophone();
      optionsRef.current.onError(error);
      return;
    }
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      // A recording cancelled before a new one started stops late: it owns nothing any more.
      if (session !== sessionRef.current) return;
      clearTimers();
      releaseMicrophone();
      recorderRef.current = null;
      setState('idle');
      if (discardRef.current) return;
      const recording = new Blob(chunks, { type: recorder.mimeType || RECORDING_MIME_TYPE });
      const durationMs = Math.max(0, (stoppedAtRef.current ?? Date.now()) - startedAtRef.current);
      optionsRef.current.onRecorded(recording, { byLimit: byLimitRef.current, durationMs });
    };
    try {
      recorder.start(RECORDING_TIMESLICE_MS);
    } catch (error) {
      // A track ended or a codec refused between asking and starting: nothing records.
      releaseMicrophone();
      optionsRef.current.onError(error);
      return;
    }
    recorderRef.current = recorder;
    const startedAt = Date.now();
    startedAtRef.current = startedAt;
    stoppedAtRef.current = null;
    setElapsedMs(0);
    setState('recording');
    tickerRef.current = window.setInterval(() => setElapsedMs(Date.now() - startedAt), 250);
    timersRef.current.push(window.setTimeout(() => stop(true), optionsRef.current.maxMs));
  }, [clearTimers, releaseMicrophone, stop]);

  /** Stops without keeping anything (closing or discarding the wizard, memories §2). */
  const cancel = useCallback(() => {
    sessionRef.current += 1;
    discardRef.current = true;
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    recorderRef.current = null;
    releaseMicrophone();
    setState('idle');
    setElapsedMs(0);
  }, [clearTimers, releaseMicrophone]);

  useEffect(() => cancel, [cancel]);

  // Issue 26: no "new version" reload is offered while this records (lib/offline/recording.ts).
  const active = state !== 'idle';
  useEffect(() => (active ? recordingStarted() : undefined), [active]);

  return { state, elapsedMs, start, stop: () => stop(false), cancel };
}
