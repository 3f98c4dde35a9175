// Issue 9 "Voice": a stored recording played in place, shown as a pill with a play/pause
// control (44 px, its name saying what a press does) and the word 'Voice'. Issue 20: once the
// length is known (stored by the server as audioDuration, or learnt by the browser when it
// did not send one) the pill holds the position slider and "0:12 / 1:03" (VoiceSeek).
import { ActionIcon, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { useVoicePlayback } from './useVoicePlayback';
import classes from './VoiceClip.module.css';
import { VoiceSeek } from './VoiceSeek';

interface VoiceClipProps {
  audioUrl: string;
  /** Seconds, as stored with the recording; null when unknown. */
  duration: number | null;
  playLabel: string;
  pauseLabel: string;
  /** What the slider moves through, for its name "Position in {what}". */
  what?: string;
  /** Ties the control to what it belongs to (a question, say) for screen readers. */
  describedBy?: string;
  errorDetail?: string;
}

export function VoiceClip({ audioUrl, duration, playLabel, pauseLabel, what = messages.voiceWhatRecording, describedBy, errorDetail }: VoiceClipProps) {
  const audio = useVoicePlayback(audioUrl, errorDetail, duration);
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
      <VoiceSeek audio={audio} what={what} />
    </span>
  );
}
