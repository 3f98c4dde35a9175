// memories §4: a memory's voice and each voice comment toggle between playing and paused;
// §8: a recording that cannot be played says so once ('Audio Playback Error').
// Issue 9 "Voice": cards, the detail view and comments each hold their own player, yet only
// one recording sounds at a time in the whole app: starting one pauses the one before.
import { useCallback, useEffect, useRef, useState } from 'react';

/** The recording sounding now, wherever in the app it was started. */
let sounding: HTMLAudioElement | null = null;

function takeTheFloor(audio: HTMLAudioElement) {
  if (sounding && sounding !== audio) sounding.pause();
  sounding = audio;
}

/** A length worth showing: MediaRecorder's WebM says Infinity until it has been played through. */
const knownLength = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? seconds : null);

export function useAudioToggle(url: string | null, onError: () => void) {
  const [playing, setPlaying] = useState(false);
  /** The recording's length in seconds once the browser has learnt it, else null. */
  const [duration, setDuration] = useState<number | null>(null);
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
      const audio = audioRef.current;
      audio?.pause();
      if (sounding === audio) sounding = null;
      audioRef.current = null;
      setPlaying(false);
      setDuration(null);
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
      const created = new Audio(url);
      created.onplaying = () => setPlaying(true);
      created.onpause = () => setPlaying(false);
      created.onended = () => setPlaying(false);
      created.onerror = fail;
      created.ondurationchange = () => {
        const seconds = knownLength(created.duration);
        if (seconds !== null) setDuration(seconds);
      };
      audioRef.current = created;
      audio = created;
    }
    if (!audio.paused) {
      audio.pause();
      return;
    }
    reportedRef.current = false;
    takeTheFloor(audio);
    try {
      await audio.play();
      setPlaying(true);
    } catch (error) {
      // A pause before playback began is the person's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      fail();
    }
  }, [url, fail]);

  return { playing, duration, toggle };
}
