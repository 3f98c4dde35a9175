// memories §2: 'Hear your voice' plays the memory's recording and pauses it (§4); §8: the
// two audio toasts. Issue 20: beside it, the position slider and "0:12 / 1:03" once the length
// is known (the stored audioDuration, or the browser's when the server sent none).
import { Button, Group } from '@mantine/core';
import { IconPlayerPause, IconVolume } from '@tabler/icons-react';
import { messages } from '../../../../../common/messages';
import { toast } from '../../../lib/toast';
import { useVoicePlayback, VoiceSeek } from '../../media-player';

export function MemoryAudioButton({ audioUrl, duration = null }: { audioUrl: string | null; duration?: number | null }) {
  const audio = useVoicePlayback(audioUrl, undefined, duration);
  const onClick = () => {
    if (!audioUrl) {
      toast.info(messages.detailNoAudio, messages.detailNoAudioDetail);
      return;
    }
    void audio.toggle();
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="light"
        size="md"
        leftSection={audio.playing ? <IconPlayerPause size={20} /> : <IconVolume size={20} />}
        onClick={onClick}
        // The label stays the spec's; whether it plays is said by aria-pressed and the icon.
        aria-pressed={audio.playing}
      >
        {messages.hearYourVoice}
      </Button>
      {audioUrl && <VoiceSeek audio={audio} what={messages.voiceWhatMemory} />}
    </Group>
  );
}
