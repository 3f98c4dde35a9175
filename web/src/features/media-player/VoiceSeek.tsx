// Issue 20 "Caught where it happens": the one position control of every voice player (a
// memory's voice, spoken answers, cards' voice pills, voice comments): "0:12 / 1:03" and a
// slider named "Position in {what}". The arrow keys move 5 s, Home and End go to either end; a
// pointer can put it anywhere. It waits until the length is known (stored by the server, or
// learnt by the browser once played).
import type { KeyboardEvent } from 'react';
import { messages } from '../../../../common/messages';
import type { VoicePlayback } from './useAudioToggle';
import { formatClipLength, formatPlayPosition } from './useVoicePlayback';
import classes from './VoiceSeek.module.css';

/** Seconds an arrow key moves the position. */
export const SEEK_STEP_SECONDS = 5;

const keySteps: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

export function VoiceSeek({ audio, what }: { audio: VoicePlayback; what: string }) {
  const { duration, position, seek } = audio;
  if (duration === null) return null;
  const shownLength = formatClipLength(duration);
  // The length is rounded and the position counts whole seconds passed, so at the very end a
  // 2.5 s clip would read "0:02 / 0:03": the end reads as the length.
  const shownPosition = position >= duration ? shownLength : formatPlayPosition(position);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = keySteps[event.key];
    // The input's own step is 'any' so a pointer lands anywhere: the keys are taken here.
    if (step !== undefined) seek(position + step * SEEK_STEP_SECONDS);
    else if (event.key === 'Home') seek(0);
    else if (event.key === 'End') seek(duration);
    else return;
    event.preventDefault();
  };
  return (
    <span className={classes.seek} data-testid="voice-seek">
      <input
        type="range"
        className={classes.slider}
        min={0}
        max={duration}
        step="any"
        value={Math.min(position, duration)}
        aria-label={messages.voicePosition(what)}
        aria-valuetext={messages.voicePositionSpoken(shownPosition, shownLength)}
        onChange={(event) => seek(Number(event.currentTarget.value))}
        onKeyDown={onKeyDown}
      />
      <span className={classes.time} aria-hidden>
        {messages.voicePositionShown(shownPosition, shownLength)}
      </span>
    </span>
  );
}
