// memories §2: 'Hear your voice' plays the memory's recording and pauses it (§4); §8: the
// two audio toasts.
import { Button } from '@mantine/core';
import { IconPlayerPause, IconVolume } from '@tabler/icons-react';
import { mediaUrl } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { useAudioToggle } from '../media-player';

export function MemoryAudioButton({ audioUrl }: { audioUrl: string | null }) {
  const audio = useAudioToggle(audioUrl ? mediaUrl(audioUrl) : null, () =>
    toast.error(messages.detailAudioPlaybackErrorDetail, messages.detailAudioPlaybackError),
  );
  const onClick = () => {
    if (!audioUrl) {
      toast.info(messages.detailNoAudio, messages.detailNoAudioDetail);
      return;
    }
    void audio.toggle();
  };
  return (
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
  );
}
