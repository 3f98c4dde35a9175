// Issue 9 "Voice": a stored recording played in place, shown as a pill with a play/pause
// control (44 px, its name saying what a press does) and the word 'Voice' with the length.
// The length comes from the server (audioDuration); when it did not send one, the pill says
// just 'Voice' until the browser learns the length from playing it.
import { ActionIcon, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { formatClipLength, useVoicePlayback } from './useVoicePlayback';
import classes from './VoiceClip.module.css';

interface VoiceClipProps {
  audioUrl: string;
  /** Seconds, as stored with the recording; null when unknown. */
  duration: number | null;
  playLabel: string;
  pauseLabel: string;
  /** Ties the control to what it belongs to (a question, say) for screen readers. */
  describedBy?: string;
  errorDetail?: string;
}

export function VoiceClip({ audioUrl, duration, playLabel, pauseLabel, describedBy, errorDetail }: VoiceClipProps) {
  const audio = useVoicePlayback(audioUrl, errorDetail);
  const length = duration ?? audio.duration;
  return (
    <span className={classes.clip} data-testid="voice-clip">
      <ActionIcon
        size={44}
        radius="xl"
        variant="filled"
        className={classes.control}
        aria-label={audio.playing ? pauseLabel : playLabel}
        aria-describedby={describedBy}
        onClick={() => void audio.toggle()}
      >
        {audio.playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
      </ActionIcon>
      <IconMicrophone size={18} aria-hidden />
      <Text component="span" fw={600}>
        {messages.voiceBadge}
      </Text>
      {length !== null && (
        <Text component="time" dateTime={`PT${Math.round(length)}S`} className={classes.length}>
          {formatClipLength(length)}
        </Text>
      )}
    </span>
  );
}
