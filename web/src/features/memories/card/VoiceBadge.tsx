// Issue 9 "Voice": a card or timeline entry of a memory with a recording shows it, with its
// length and a control that plays it right there, without opening the memory. Issue 22: while
// its words are on their way, or when they could not be written, a quiet line says so below it.
import { messages } from '../../../../../common/messages';
import { wordsStatusLine, WordsStatusNote } from '../../../components/WordsStatusNote';
import { VoiceClip } from '../../media-player';
import type { Memory } from '../types';

export function VoiceBadge({ memory }: { memory: Pick<Memory, 'audioUrl' | 'audioDuration'> & Partial<Pick<Memory, 'transcriptionStatus'>> }) {
  if (!memory.audioUrl) return null;
  const clip = (
    <VoiceClip
      audioUrl={memory.audioUrl}
      duration={memory.audioDuration ?? null}
      playLabel={messages.playVoiceRecording}
      pauseLabel={messages.pauseVoiceRecording}
    />
  );
  // Always one fragment with the clip first, so the clip (and a playback under way) stays
  // mounted when the words arrive and the line goes.
  return (
    <>
      {clip}
      {wordsStatusLine(memory.transcriptionStatus) && <WordsStatusNote status={memory.transcriptionStatus} />}
    </>
  );
}
