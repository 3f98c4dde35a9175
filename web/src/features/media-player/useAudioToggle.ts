// memories §4: a memory's voice and each voice comment toggle between playing and paused;
// §8: a recording that cannot be played says so once ('Audio Playback Error').
// Issue 9 "Voice": cards, the detail view and comments each hold their own player, yet only
// one recording sounds at a time in the whole app: starting one pauses the one before.
// Issue 20 "Caught where it happens": each player also knows where it is and can be moved.
import { useCallback, useEffect, useRef, useState } from 'react';

/** The recording sounding now, wherever in the app it was started. */
let sounding: HTMLAudioElement | null = null;

function takeTheFloor(audio: HTMLAudioElement) {
  if (sounding && sounding !== audio) sounding.pause();
  sounding = audio;
}

/** A length worth showing: MediaRecorder's WebM says Infinity until it has been played through. */
const knownLength = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? seconds : null);

/**
 * Learns a recording's length when the server gave none (a voice comment, an old memory) and the
 * browser reports Infinity, as it does for MediaRecorder's WebM, which carries no length in its
 * header: a silent second element asks for a moment past the end, which makes the browser read
 * to the end and report the real length. The player itself is never moved or held up by it.
 */
function measureLength(url: string, onLength: (seconds: number) => void): () => void {
  const probe = new Audio(url);
  probe.preload = 'metadata';
  probe.muted = true;
  let done = false;
  const finish = () => {
    done = true;
    probe.onloadedmetadata = null;
    probe.ondurationchange = null;
    probe.removeAttribute?.('src');
  };
  const check = () => {
    if (done) return;
    const seconds = knownLength(probe.duration);
    if (seconds !== null) {
      onLength(seconds);
      finish();
    } else if (probe.duration === Number.POSITIVE_INFINITY) {
      probe.currentTime = Number.MAX_SAFE_INTEGER;
    }
  };
  probe.onloadedmetadata = check;
  probe.ondurationchange = check;
  return finish;
}

/** What a player shows and does: playing or not, where it is, how long it is, toggle and seek. */
export interface VoicePlayback {
  playing: boolean;
  /** Seconds: the stored length when given, else the browser's once learnt; null until known. */
  duration: number | null;
  /** Seconds from the start. */
  position: number;
  toggle: () => Promise<void>;
  seek: (seconds: number) => void;
}

export function useAudioToggle(url: string | null, onError: () => void, storedDuration: number | null = null): VoicePlayback {
  const [playing, setPlaying] = useState(false);
  /** The recording's length in seconds once the browser has learnt it, else null. */
  const [learnt, setLearnt] = useState<number | null>(null);
  const [position, setPosition] = useState(0);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const stopMeasuring = useRef<(() => void) | null>(null);
  // A load error fires both the element's error event and play()'s rejection: one toast.
  const reportedRef = useRef(false);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const duration = knownLength(storedDuration ?? Number.NaN) ?? learnt;

  // A new address (or leaving the screen) stops the old recording.
  useEffect(
    () => () => {
      const audio = audioRef.current;
      audio?.pause();
      if (sounding === audio) sounding = null;
      audioRef.current = null;
      stopMeasuring.current?.();
      stopMeasuring.current = null;
      setPlaying(false);
      setLearnt(null);
      setPosition(0);
    },
    [url],
  );

  const fail = useCallback(() => {
    setPlaying(false);
    if (reportedRef.current) return;
    reportedRef.current = true;
    onErrorRef.current();
  }, []);

  /** The element, made on first use so a page of cards downloads nothing until one is played. */
  const audioFor = useCallback(
    (address: string): HTMLAudioElement => {
      if (audioRef.current) return audioRef.current;
      const created = new Audio(address);
      created.onplaying = () => setPlaying(true);
      created.onpause = () => setPlaying(false);
      created.onended = () => setPlaying(false);
      created.onerror = fail;
      created.ontimeupdate = () => setPosition(created.currentTime);
      created.ondurationchange = () => {
        const seconds = knownLength(created.duration);
        if (seconds !== null) setLearnt(seconds);
      };
      audioRef.current = created;
      if (knownLength(storedDuration ?? Number.NaN) === null && !stopMeasuring.current) {
        stopMeasuring.current = measureLength(address, setLearnt);
      }
      return created;
    },
    [fail, storedDuration],
  );

  const toggle = useCallback(async () => {
    if (!url) return;
    const audio = audioFor(url);
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
  }, [url, fail, audioFor]);

  const seek = useCallback(
    (seconds: number) => {
      if (!url || duration === null) return;
      const to = Math.min(Math.max(0, seconds), duration);
      // Before the first play the element takes the position as where to start.
      audioFor(url).currentTime = to;
      setPosition(to);
    },
    [url, duration, audioFor],
  );

  return { playing, duration, position, toggle, seek };
}
