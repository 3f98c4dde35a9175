// memories §2: 'Hear your voice' plays the memory's recording and pauses it (§4); §8: the
// two audio toasts. Issue 9: the recording's length beside it, once known.
import { Button, Group, Text } from '@mantine/core';
import { IconPlayerPause, IconVolume } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { formatClipLength, useVoicePlayback } from '../media-player';

export function MemoryAudioButton({ audioUrl, duration = null }: { audioUrl: string | null; duration?: number | null }) {
  const audio = useVoicePlayback(audioUrl);
  const length = audioUrl ? (duration ?? audio.duration) : null;
  const onClick = () => {
    if (!audioUrl) {
      toast.info(messages.detailNoAudio, messages.detailNoAudioDetail);
      return;
    }
    void audio.toggle();
  };
  return (
    <Group gap="sm">
      <Button
        variant="light"
        size="md"
        leftSection={audio.playing ? <IconPlayerPause size={20} /> : <IconVolume size={20} />}
        onClick={onClick}
        // The label stays the spec's; whether it plays is said by aria-pressed and the icon.
        aria-pressed={audio.playing}
      >
        Hear your voice
      </Button>
      {length !== null && (
        <Text component="time" dateTime={`PT${Math.round(length)}S`} c="dimmed">
          {formatClipLength(length)}
        </Text>
      )}
    </Group>
  );
}
