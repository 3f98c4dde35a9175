// memories §4: a memory's voice and each voice comment toggle between playing and paused;
// §8: a recording that cannot be played says so once ('Audio Playback Error').
import { useCallback, useEffect, useRef, useState } from 'react';

export function useAudioToggle(url: string | null, onError: () => void) {
  const [playing, setPlaying] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  // A load error fires both the element's error event and play()'s rejection: one toast.
  const reportedRef = useRef(false);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  // A new address (or leaving the screen) stops the old recording.
  useEffect(
    () => () => {
      audioRef.current?.pause();
      audioRef.current = null;
      setPlaying(false);
    },
    [url],
  );

  const fail = useCallback(() => {
    setPlaying(false);
    if (reportedRef.current) return;
    reportedRef.current = true;
    onErrorRef.current();
  }, []);

  const toggle = useCallback(async () => {
    if (!url) return;
    let audio = audioRef.current;
    if (!audio) {
      audio = new Audio(url);
      audio.onplaying = () => setPlaying(true);
      audio.onpause = () => setPlaying(false);
      audio.onended = () => setPlaying(false);
      audio.onerror = fail;
      audioRef.current = audio;
    }
    if (!audio.paused) {
      audio.pause();
      return;
    }
    reportedRef.current = false;
    try {
      await audio.play();
      setPlaying(true);
    } catch (error) {
      // A pause before playback began is the person's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      fail();
    }
  }, [url, fail]);

  return { playing, toggle };
}
