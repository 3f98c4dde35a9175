// The one way a stored recording is played in place (memories §2 'Hear your voice', the
// voice badge of cards and timeline entries, spoken follow-up answers): from its /uploads
// address, one at a time app-wide, with memories §8's 'Audio Playback Error' when it cannot.
import { mediaUrl } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import { useAudioToggle, type VoicePlayback } from './useAudioToggle';

/** `storedDuration`: the length the server gave with the recording (seconds), null when none. */
export function useVoicePlayback(
  audioPath: string | null,
  errorDetail: string = messages.detailAudioPlaybackErrorDetail,
  storedDuration: number | null = null,
): VoicePlayback {
  return useAudioToggle(audioPath ? mediaUrl(audioPath) : null, () => toast.error(errorDetail, messages.detailAudioPlaybackError), storedDuration);
}

/** A recording's length as m:ss (issue 9: the voice badge); a clip under a second reads 0:01. */
export function formatClipLength(seconds: number): string {
  const whole = seconds > 0 ? Math.max(1, Math.round(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Where a player is, as m:ss counted in whole seconds passed (0.4 s in is still 0:00). */
export function formatPlayPosition(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
