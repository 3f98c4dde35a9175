// The one way a stored recording is played in place (memories §2 'Hear your voice', the
// voice badge of cards and timeline entries, spoken follow-up answers): from its /uploads
// address, one at a time app-wide, with memories §8's 'Audio Playback Error' when it cannot.
import { mediaUrl } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { useAudioToggle } from './useAudioToggle';

export function useVoicePlayback(audioPath: string | null, errorDetail: string = messages.detailAudioPlaybackErrorDetail) {
  return useAudioToggle(audioPath ? mediaUrl(audioPath) : null, () => toast.error(errorDetail, messages.detailAudioPlaybackError));
}

/** A recording's length as m:ss (issue 9: the voice badge); a clip under a second reads 0:01. */
export function formatClipLength(seconds: number): string {
  const whole = seconds > 0 ? Math.max(1, Math.round(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
