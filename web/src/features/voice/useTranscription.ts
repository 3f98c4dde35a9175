// memories §4: while a recording is transcribed, a progress bar runs for an estimate derived
// from the file's size (3 to 30 s) and waits at 90 percent until the answer arrives, or until
// the person saves without waiting (issue 22), which aborts the request.
import { useCallback, useEffect, useRef, useState } from 'react';
import { transcriptionEstimateSeconds, transcriptionProgress } from '../../../../common/memories-rules';
import { api } from '../../api/endpoints';
import { recordingFileName } from '../../api/upload';

export function useTranscription() {
  const [progress, setProgress] = useState<number | null>(null);
  const tickerRef = useRef<number | null>(null);

  const stopTicker = useCallback(() => {
    if (tickerRef.current !== null) window.clearInterval(tickerRef.current);
    tickerRef.current = null;
  }, []);
  useEffect(() => stopTicker, [stopTicker]);

  /**
   * The transcription ('' when the provider heard nothing), or null when it failed (no
   * provider, network) or `signal` ended the wait (issue 22: 'Save without waiting').
   */
  const transcribe = useCallback(
    async (recording: Blob, signal?: AbortSignal): Promise<string | null> => {
      const estimate = transcriptionEstimateSeconds(recording.size);
      const startedAt = Date.now();
      setProgress(0);
      stopTicker();
      tickerRef.current = window.setInterval(() => setProgress(transcriptionProgress(Date.now() - startedAt, estimate)), 100);
      try {
        const { transcription } = await api.audio.transcribe(recording, recordingFileName(recording.type), signal);
        setProgress(100);
        return typeof transcription === 'string' ? transcription.trim() : '';
      } catch {
        return null;
      } finally {
        stopTicker();
      }
    },
    [stopTicker],
  );

  const reset = useCallback(() => {
    stopTicker();
    setProgress(null);
  }, [stopTicker]);

  return { transcribe, progress, reset };
}
