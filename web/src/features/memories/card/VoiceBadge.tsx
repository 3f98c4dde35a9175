// Issue 9 "Voice": a card or timeline entry of a memory with a recording shows it, with its
// length and a control that plays it right there, without opening the memory.
import { messages } from '../../../../../common/messages';
import { VoiceClip } from '../../media-player';
import type { Memory } from '../types';

export function VoiceBadge({ memory }: { memory: Pick<Memory, 'audioUrl' | 'audioDuration'> }) {
  if (!memory.audioUrl) return null;
  return (
    <VoiceClip
      audioUrl={memory.audioUrl}
      duration={memory.audioDuration ?? null}
      playLabel={messages.playVoiceRecording}
      pauseLabel={messages.pauseVoiceRecording}
    />
  );
}
